import type { Subscription, SubscriptionList } from '../contract/subscriptions.js'
import type { CallOptions, Http } from './http.js'

export interface SubscriptionsClient {
  list(options?: CallOptions): Promise<SubscriptionList>
  get(id: string, options?: CallOptions): Promise<Subscription>
}

/** `/subscriptions` (spec, "Endpoints: Subscriptions"): read only; cancelling is `client.emulator.cancelSubscription`. */
export function subscriptions(http: Http): SubscriptionsClient {
  return {
    list: (options = {}) => http.call('listSubscriptions', options),
    get: (id, options = {}) => http.call('getSubscription', { ...options, params: { id } }),
  }
}
