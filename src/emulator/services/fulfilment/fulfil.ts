import type { Handover } from '../../../contract/orders.js'
import type { ServiceDeps } from '../common/deps.js'
import type {
  FulfilmentRecord,
  OrderLineRecord,
  OrderRecord,
  ProductRecord,
  ShopRecord,
} from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'
import { type Emit, putStock } from '../catalogue/stock.js'

/** What one line's fulfilment sees, inside the payment (or retry) transaction. */
export interface FulfilContext {
  deps: ServiceDeps
  tx: Tx
  shop: ShopRecord
  order: OrderRecord
  line: OrderLineRecord
  product: ProductRecord | undefined
  setup: FulfilmentRecord | undefined
  now: string
  /** Queues an event; the payment emits the order's own events first, then these. */
  emit: Emit
}

/**
 * `fulfil` runs inside the transaction (synchronous, no I/O) and is called for a line until the
 * line is settled, so it must never take twice (it looks at `line.taken`).
 */
export interface Fulfil {
  fulfil(ctx: FulfilContext): OrderLineRecord
  awaitsRemote?(line: OrderLineRecord, setup: FulfilmentRecord | undefined): boolean
  handOverRemote?(
    remote: { fetch: typeof fetch; timeoutMs?: number; nowIso: ServiceDeps['nowIso'] },
    order: OrderRecord,
    line: OrderLineRecord,
    setup: FulfilmentRecord | undefined,
  ): Promise<Handover>
}

export function withHandover(line: OrderLineRecord, handover: Handover): OrderLineRecord {
  return { ...line, delivery: handover }
}

/** A line that could not be delivered: kept with its reason, retried by POST /_emulator/orders/:id/deliver. */
export function undelivered(line: OrderLineRecord, reason: string, extra: Partial<Handover> = {}): OrderLineRecord {
  return withHandover(line, { ...line.delivery, ...extra, status: 'undelivered', reason, deliveredAt: null })
}

/** A paid Physical line whose stock is taken: it waits for the merchant's tracking, nothing failed. */
export function awaitingShipment(line: OrderLineRecord, extra: Partial<Handover> = {}): OrderLineRecord {
  return withHandover(line, { ...extra, status: 'awaiting_shipment', reason: null, deliveredAt: null })
}

export function delivered(line: OrderLineRecord, now: string, content: Partial<Handover>): OrderLineRecord {
  return withHandover(line, { ...content, status: 'delivered', reason: null, deliveredAt: now })
}

export const retryHint = (order: OrderRecord) => `then retry with POST /_emulator/orders/${order.orderNumber}/deliver`

/** Takes a line's units once; with too little stock nothing is taken and the line is undelivered with the reason. */
export function takeUnits(ctx: FulfilContext): { line: OrderLineRecord; ok: boolean } {
  const { line, product } = ctx
  if (line.taken === line.quantity) return { line, ok: true }
  if (!product) return { line: undelivered(line, `product ${line.productId} no longer exists`), ok: false }
  if (product.stock !== null && product.stock < line.quantity) {
    const reason = `out of stock: ${product.stock} of ${line.quantity} unit(s) left; restock the product, ${retryHint(ctx.order)}`
    return { line: undelivered(line, reason), ok: false }
  }
  putStock(ctx.deps, ctx.tx, product, product.stock === null ? null : product.stock - line.quantity, ctx.emit)
  return { line: { ...line, taken: line.quantity }, ok: true }
}
