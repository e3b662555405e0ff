import { notFound } from '../../../spec/errors.js'
import type { ServiceDeps } from '../deps.js'
import { take } from '../take.js'
import type { ShopRecord, SubscriptionRecord } from '../../store/records.js'

/** A subscription of the shop by id; 404 otherwise. */
export function findSubscription(deps: ServiceDeps, shop: ShopRecord, id: string): SubscriptionRecord {
  const subscription = deps.rows.subscriptions.get(id)
  if (!subscription || subscription.shopId !== shop.id) throw notFound('subscription', id)
  return subscription
}

/** The shop's subscriptions, newest created first, at most `limit`. */
export function listSubscriptions(deps: ServiceDeps, shop: ShopRecord, limit = Infinity): SubscriptionRecord[] {
  return take(deps.rows.subscriptions.newestFirst('shop', shop.id), limit)
}
