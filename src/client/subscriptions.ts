import type { Subscription, SubscriptionList } from '../contract/subscriptions.js'
import { segment, type CallOptions, type Http } from './http.js'

export interface SubscriptionsClient {
  list(options?: CallOptions): Promise<SubscriptionList>
  get(id: string, options?: CallOptions): Promise<Subscription>
}

/** `/subscriptions` (spec, "Endpoints: Subscriptions"): read only; cancelling is `client.emulator.cancelSubscription`. */
export function subscriptions(http: Http): SubscriptionsClient {
  return {
    list: (options = {}) => http.request('GET', '/subscriptions', { ...options, schema: 'SubscriptionList' }),
    get: (id, options = {}) =>
      http.request('GET', `/subscriptions/${segment(id)}`, { ...options, schema: 'Subscription' }),
  }
}
