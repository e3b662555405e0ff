import { ORDER_LIMIT } from '../../../contract/constants.js'
import type { UpdateOrderBody } from '../../../contract/orders.js'
import type { OrderRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { take } from '../common/shop-rows.js'
import { recordMoneyReceived } from '../customers/bookkeeping.js'
import { emitOrderEvents } from './flow.js'
import { findOrder } from './rules.js'

/** The shop's orders (`/api/v1/orders`): made by checkout and renewals, moved on by payment (payment.ts). */
export class OrderService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Most recent first (spec, "Orders": limit default 50, max 200). */
  list(shop: ShopRecord, limit: number = ORDER_LIMIT.default): OrderRecord[] {
    return take(this.deps.collections.orders.newestFirst('shop', shop.id), limit)
  }

  get(shop: ShopRecord, id: string): OrderRecord {
    return findOrder(this.deps, shop, id)
  }

  /** The server seed sealed at checkout for a mystery line, kept from every answer until payment reveals it. */
  sealedSeed(shop: ShopRecord, orderId: string, lineId: string): string | undefined {
    const order = findOrder(this.deps, shop, orderId)
    const seal = this.deps.collections.seals.get(lineId)
    return seal?.orderId === order.id ? seal.serverSeed : undefined
  }

  /**
   * PUT /orders/:id: any status may follow any other (docs/storefront.md, "Order flow"). `refunded`
   * gives back the money received (docs/storefront.md, "Refunds"); an order that took no money keeps
   * its paymentStatus. Delivered goods, stock, codes and the coupon's use stay as they are.
   */
  updateStatus(shop: ShopRecord, id: string, body: UpdateOrderBody): Promise<OrderRecord> {
    const deps = this.deps
    return deps.transact((tx) => {
      const before = findOrder(deps, shop, id)
      if (before.status === body.status) return before
      const now = deps.nowIso(shop)
      const received = before.amountPaid ?? (before.paymentStatus === 'paid' ? before.total : 0)
      const isRefund = body.status === 'refunded' && before.paymentStatus !== 'refunded' && received > 0
      const order = tx.put('orders', {
        ...before,
        status: body.status,
        ...(isRefund ? { paymentStatus: 'refunded' as const } : {}),
        updatedAt: now,
      })
      if (isRefund) recordMoneyReceived(deps, tx, before.customerId, -received, now)
      emitOrderEvents(deps, tx, shop, 'order:updated', order)
      if (order.status === 'cancelled') emitOrderEvents(deps, tx, shop, 'order:cancelled', order)
      return order
    })
  }
}
