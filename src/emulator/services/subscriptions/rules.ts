import type { ServiceDeps } from '../common/deps.js'
import { rowOfShop, take } from '../common/shop-rows.js'
import type { ShopRecord, SubscriptionRecord } from '../../../contract/rows.js'

/** A subscription of the shop by id; 404 otherwise. */
export function findSubscription(deps: ServiceDeps, shop: ShopRecord, id: string): SubscriptionRecord {
  return rowOfShop(deps.collections.subscriptions, shop, id, 'subscription')
}

/** The shop's subscriptions, newest created first, at most `limit`. */
export function listSubscriptions(deps: ServiceDeps, shop: ShopRecord, limit = Infinity): SubscriptionRecord[] {
  return take(deps.collections.subscriptions.newestFirst('shop', shop.id), limit)
}
