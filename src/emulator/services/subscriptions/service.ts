import type { ShopRecord, SubscriptionRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { cancelSubscription } from './billing.js'
import { findSubscription, listSubscriptions } from './rules.js'

/** The shop's subscriptions (`/api/v1/subscriptions`): made by paid orders, moved by the clock, cancelled by the processor. */
export class SubscriptionService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Newest created first, at most `limit` when given. */
  list(shop: ShopRecord, limit?: number): SubscriptionRecord[] {
    return listSubscriptions(this.deps, shop, limit)
  }

  get(shop: ShopRecord, id: string): SubscriptionRecord {
    return findSubscription(this.deps, shop, id)
  }

  /** CANCELLED at once with canceledAt; it never renews (409 when it already was). */
  cancel(shop: ShopRecord, id: string): Promise<SubscriptionRecord> {
    return this.deps.transact((tx) => cancelSubscription(this.deps, tx, shop, id))
  }
}
