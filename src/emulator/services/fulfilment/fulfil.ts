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
  /** The product now; undefined once it was deleted. */
  product: ProductRecord | undefined
  /** Its dashboard-only setup (`PUT /_emulator/products/:id/fulfilment`), if any. */
  setup: FulfilmentRecord | undefined
  now: string
  /** Queues an event; the payment emits the order's own events first, then these. */
  emit: Emit
}

/**
 * Fulfilment of one product type (spec, "What the service does" 5–6). `fulfil` runs inside a
 * store transaction, so it is synchronous and does no I/O: it takes stock, codes or rolls and
 * returns the line as it now stands. It is called for a line until the line is settled, so it
 * must never take twice (it looks at `line.taken`). Types delivered over the network add
 * `handOverRemote`, run after the transaction.
 */
export interface Fulfil {
  fulfil(ctx: FulfilContext): OrderLineRecord
  /** Whether the line waits for `handOverRemote` (after `fulfil` allocated it). */
  awaitsRemote?(line: OrderLineRecord, setup: FulfilmentRecord | undefined): boolean
  /** The handover over the network: `fetch`, its timeout (the type's own by default) and the time. */
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

/**
 * Takes a line's units from `product.stock` once (null stock: nothing to count). A line whose
 * units are already taken is returned as is; with too little stock nothing is taken and the line
 * is undelivered with the reason (DESIGN.md: stock never below zero, never silently dropped).
 */
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
