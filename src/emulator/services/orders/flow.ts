// The order flow (docs/storefront.md, "Order flow"): checkout → pending/unpaid; a payment below the total →
// partial; the full amount → paid, status completed when every line is delivered, else processing
// (processing becomes completed once the last line is delivered); a dispute → paymentStatus disputed.
import type { OrderKind } from '../../../contract/event-kinds.js'
import type { OrderStatus } from '../../../contract/orders.js'
import type { ServiceDeps } from '../common/deps.js'
import type { OrderLineRecord, OrderRecord, ShopRecord } from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'

/** A line needs nothing more: delivered, or nothing to deliver (InfoCard). */
export function isSettled(line: OrderLineRecord): boolean {
  return line.delivery?.status === 'delivered' || line.delivery?.status === 'none'
}

export function statusOfPaid(lines: readonly OrderLineRecord[]): OrderStatus {
  return lines.every(isSettled) ? 'completed' : 'processing'
}

/** Only processing becomes completed once every line is settled: a status the merchant set is left alone. */
export function settleStatus(order: OrderRecord): OrderStatus {
  return order.status === 'processing' && order.paymentStatus === 'paid' && order.items.every(isSettled)
    ? 'completed'
    : order.status
}

/** A plain order kind once with `{ order }`, then its `:product` variant once per line with `{ order, item }`. */
export function emitOrderEvents(
  deps: ServiceDeps,
  tx: Tx,
  shop: ShopRecord,
  kind: OrderKind,
  order: OrderRecord,
): void {
  deps.events.emit(tx, shop, kind, { order })
  for (const item of order.items) deps.events.emit(tx, shop, `${kind}:product`, { order, item })
}
