import { recordMoneyReceived } from '../customers/bookkeeping.js'
import { ORDER_LIMIT, type UpdateOrderBody } from '../../../contract/orders.js'
import type { ServiceDeps } from '../common/deps.js'
import { rowOfShop, take } from '../common/shop-rows.js'
import type { OrderRecord, ShopRecord } from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'

/** An order of the shop by internal id or `ORD-<n>` orderNumber (spec, "Resources: Order"); 404 otherwise. */
export function findOrder(deps: ServiceDeps, shop: ShopRecord, id: string): OrderRecord {
  const { orders } = deps.collections
  return rowOfShop(orders, shop, id, 'order', () =>
    orders.getBy('orderNumber', `${shop.id}:${/^ord-\d+$/i.test(id) ? id.toUpperCase() : id}`),
  )
}

/** The shop's orders, most recent first (spec, "Orders": limit default 50, max 200). */
export function listOrders(deps: ServiceDeps, shop: ShopRecord, limit: number = ORDER_LIMIT.default): OrderRecord[] {
  return take(deps.collections.orders.newestFirst('shop', shop.id), limit)
}

/**
 * PUT /orders/:id. Any status may follow any other (the spec shows no restriction); setting the
 * status an order already has changes nothing and fires nothing (docs/storefront.md, "Order flow").
 * `refunded` is a refund (docs/storefront.md, "Refunds"): the money received goes back, so paymentStatus
 * becomes `refunded` and the customer's totalSpent drops by it. An order that took no money has
 * nothing to give back: its status becomes `refunded` (spec: "the given value") and its
 * paymentStatus stays as it was. Delivered goods, stock, codes and the coupon's use stay as they are.
 */
export function updateOrderStatus(
  deps: ServiceDeps,
  tx: Tx,
  shop: ShopRecord,
  id: string,
  body: UpdateOrderBody,
): OrderRecord {
  const before = findOrder(deps, shop, id)
  if (before.status === body.status) return before
  const now = deps.nowIso(shop)
  const received = before.amountPaid ?? (before.paymentStatus === 'paid' ? before.total : 0)
  const isRefund = body.status === 'refunded' && before.paymentStatus !== 'refunded' && received > 0
  // updatedAt is kept beside the spec's fields, as commerce does on each of its writes.
  const order = tx.put('orders', {
    ...before,
    status: body.status,
    ...(isRefund ? { paymentStatus: 'refunded' as const } : {}),
    updatedAt: now,
  })
  if (isRefund) recordMoneyReceived(deps, tx, before.customerId, -received, now)
  // A plain kind fires once per order, its `:product` variant once per line item (DESIGN.md, "Webhooks").
  deps.events.emit(tx, shop, 'order:updated', { order })
  for (const item of order.items) deps.events.emit(tx, shop, 'order:updated:product', { order, item })
  if (order.status === 'cancelled') {
    deps.events.emit(tx, shop, 'order:cancelled', { order })
    for (const item of order.items) deps.events.emit(tx, shop, 'order:cancelled:product', { order, item })
  }
  return order
}
