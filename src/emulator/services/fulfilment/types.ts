import type { Delivery } from '../../../spec/orders.js'
import type { ServiceDeps } from '../deps.js'
import type { FulfilmentRecord, ProductRecord, ShopRecord } from '../../store/records.js'
import type { Tx } from '../../store/store.js'
import type { Emit } from '../catalogue/stock.js'
import type { CommerceOrder, Line } from '../orders/types.js'

/** What one line's fulfilment sees, inside the payment (or retry) transaction. */
export interface FulfilContext {
  deps: ServiceDeps
  tx: Tx
  shop: ShopRecord
  order: CommerceOrder
  line: Line
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
 * `deliverRemote`, run after the transaction.
 */
export interface Fulfil {
  fulfil(ctx: FulfilContext): Line
  /** Whether the line waits for `deliverRemote` (after `fulfil` allocated it). */
  awaitsRemote?(line: Line, setup: FulfilmentRecord | undefined): boolean
  deliverRemote?(
    deps: ServiceDeps,
    order: CommerceOrder,
    line: Line,
    setup: FulfilmentRecord | undefined,
  ): Promise<Delivery>
}

export function withDelivery(line: Line, delivery: Delivery): Line {
  return { ...line, delivery }
}

/** A line that could not be delivered: kept with its reason, retried by POST /_emulator/orders/:id/deliver. */
export function undelivered(line: Line, reason: string, extra: Partial<Delivery> = {}): Line {
  return withDelivery(line, { ...line.delivery, ...extra, status: 'undelivered', reason, deliveredAt: null })
}

/** A paid Physical line whose stock is taken: it waits for the merchant's tracking, nothing failed. */
export function awaitingShipment(line: Line, extra: Partial<Delivery> = {}): Line {
  return withDelivery(line, { ...extra, status: 'awaiting_shipment', reason: null, deliveredAt: null })
}

export function delivered(line: Line, now: string, content: Partial<Delivery>): Line {
  return withDelivery(line, { ...content, status: 'delivered', reason: null, deliveredAt: now })
}

export const retryHint = (order: CommerceOrder) => `then retry with POST /_emulator/orders/${order.orderNumber}/deliver`
