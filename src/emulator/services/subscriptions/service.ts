import { StoreError } from '../../../contract/errors.js'
import type { ShopRecord, SubscriptionRecord } from '../../../contract/rows.js'
import { emitNow } from '../catalogue/stock.js'
import type { ServiceDeps } from '../common/deps.js'
import { rowOfShop } from '../common/shop-rows.js'
import { emitSubscription } from './billing.js'

/** The shop's subscriptions (`/api/v1/subscriptions`): made by paid orders, moved by the clock, cancelled by the processor. */
export class SubscriptionService {
  constructor(private readonly deps: ServiceDeps) {}

  list(shop: ShopRecord): SubscriptionRecord[] {
    return [...this.deps.collections.subscriptions.newestFirst('shop', shop.id)]
  }

  get(shop: ShopRecord, id: string): SubscriptionRecord {
    return rowOfShop(this.deps.collections.subscriptions, shop, id, 'subscription')
  }

  /** POST /_emulator/subscriptions/:id/cancel: CANCELLED at once with canceledAt; it never renews. */
  cancel(shop: ShopRecord, id: string): Promise<SubscriptionRecord> {
    const deps = this.deps
    return deps.transact((tx) => {
      const before = this.get(shop, id)
      if (before.status === 'CANCELLED')
        throw new StoreError(409, `subscription ${before.id} was already cancelled at ${before.canceledAt}`)
      const now = deps.nowIso(shop)
      const subscription = tx.put('subscriptions', { ...before, status: 'CANCELLED', canceledAt: now, updatedAt: now })
      const emit = emitNow(deps, tx, shop)
      emitSubscription(emit, 'subscription:cancelled', subscription)
      emitSubscription(emit, 'subscription:updated', subscription)
      return subscription
    })
  }
}
