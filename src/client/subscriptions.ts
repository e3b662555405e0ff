import { SubscriptionListSchema, SubscriptionSchema } from '../spec/subscriptions.js'
import { segment, type Http } from './http.js'

/** `/subscriptions` (spec, "Endpoints: Subscriptions"): read only; cancelling is `client.emulator.cancelSubscription`. */
export function subscriptions(http: Http) {
  return {
    list: () => http.request('GET', '/subscriptions', { schema: SubscriptionListSchema }),
    get: (id: string) => http.request('GET', `/subscriptions/${segment(id)}`, { schema: SubscriptionSchema }),
  }
}
export type SubscriptionsClient = ReturnType<typeof subscriptions>
