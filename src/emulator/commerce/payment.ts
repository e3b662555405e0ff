// Payment, delivery retries, tracking and disputes (README, "Order flow"; DESIGN.md "Orders,
// fulfilment, stock"). Each state change is one synchronous transaction; the only network call,
// the Dynamic delivery, runs between transactions and records its result in a transaction of its own.
import { StoreError, badRequest } from '../../spec/errors.js'
import type { PayBody, TrackingBody } from '../../spec/fulfilment.js'
import type { Emulator } from '../context.js'
import { fulfilments } from '../fulfilment/index.js'
import { AWAITING_SHIPMENT } from '../fulfilment/physical.js'
import { delivered, undelivered } from '../fulfilment/types.js'
import { cents } from '../money.js'
import { findOrder } from '../store/orders.js'
import type { ShopRecord } from '../store/records.js'
import type { Store, Tx } from '../store/store.js'
import { recordMoneyReceived } from './customers.js'
import { emitOrderEvents, isSettled, settleStatus, statusOfPaid } from './order-flow.js'
import type { Emit } from './stock.js'
import type { CommerceOrder, Line } from './types.js'

/** Lines whose Dynamic POST is under way, per store: a second pay or retry never POSTs the same line twice at once. */
const inFlight = new WeakMap<Store, Set<string>>()
function inFlightOf(store: Store): Set<string> {
  let set = inFlight.get(store)
  if (!set) inFlight.set(store, (set = new Set()))
  return set
}

/** Queues events so the order's own event goes out before what its fulfilment caused. */
function eventQueue(): { emit: Emit; flush: (emu: Emulator, tx: Tx, shop: ShopRecord) => void } {
  const queued: ((emu: Emulator, tx: Tx, shop: ShopRecord) => void)[] = []
  return {
    emit: (kind, subject) => queued.push((emu, tx, shop) => emu.events.emit(tx, shop, kind, subject)),
    flush: (emu, tx, shop) => {
      for (const send of queued) send(emu, tx, shop)
    },
  }
}

/** Runs the type's synchronous fulfilment for every line not yet settled (inside the transaction). */
function fulfilLines(emu: Emulator, tx: Tx, shop: ShopRecord, order: CommerceOrder, emit: Emit): Line[] {
  const now = emu.nowIso()
  return order.items.map((line) => {
    if (isSettled(line)) return line
    const found = emu.store.c.products.get(line.productId)
    const product = found?.shopId === shop.id ? found : undefined
    const type = line.productType ?? product?.type
    if (!type) return undelivered(line, `product ${line.productId} no longer exists`)
    const setup = emu.store.c.fulfilments.get(line.productId)
    return fulfilments[type].fulfil({ emu, tx, shop, order, line, product, setup, now, emit })
  })
}

const sameLines = (a: readonly Line[], b: readonly Line[]) => a.every((line, i) => line === b[i])

/**
 * POST /_emulator/orders/:id/pay. Without `amount` the amount due is paid. Less than the due
 * amount: paymentStatus partial, `order:partial`. The rest: paid, fulfilment runs once per line,
 * `order:paid`, then what fulfilment caused (stock, subscriptions, `product:mystery:revealed`);
 * Dynamic lines are POSTed after the transaction. Paying a paid order takes no money and delivers
 * nothing twice: it only retries lines still undelivered (as POST …/deliver does).
 */
export async function payOrder(emu: Emulator, shop: ShopRecord, id: string, body: PayBody): Promise<CommerceOrder> {
  const { order, alreadyPaid } = await emu.store.tx((tx) => {
    const before = findOrder(emu, shop, id)
    if (before.paymentStatus === 'paid') return { order: before, alreadyPaid: true }
    if (before.status === 'cancelled' || before.status === 'refunded') {
      throw new StoreError(
        409,
        `order ${before.orderNumber} is ${before.status}; a ${before.status} order cannot be paid`,
      )
    }
    if (before.paymentStatus !== 'unpaid' && before.paymentStatus !== 'partial') {
      throw new StoreError(
        409,
        `order ${before.orderNumber} has paymentStatus ${before.paymentStatus}; only unpaid or partially paid orders take payments`,
      )
    }
    const paidSoFar = before.amountPaid ?? 0
    const due = cents(before.total - paidSoFar)
    const amount = body.amount ?? due
    if (amount > due)
      throw badRequest('amount', `must be at most the amount due (${due.toFixed(2)} ${before.currency})`)
    if (amount <= 0 && due > 0)
      throw badRequest('amount', `must be above 0 (the amount due is ${due.toFixed(2)} ${before.currency})`)
    const now = emu.nowIso()
    const gateway = body.gateway ?? before.gateway ?? 'processor'
    const amountPaid = cents(paidSoFar + amount)
    const payments = [...(before.payments ?? []), { amount, gateway, at: now }]
    recordMoneyReceived(emu, tx, before.customerId, amount, now)

    if (amountPaid < before.total) {
      const partial = tx.put('orders', {
        ...before,
        paymentStatus: 'partial',
        amountPaid,
        payments,
        paymentMethod: gateway,
        updatedAt: now,
      })
      emitOrderEvents(emu, tx, shop, 'order:partial', partial)
      return { order: partial, alreadyPaid: false }
    }
    const queue = eventQueue()
    const paid: CommerceOrder = {
      ...before,
      paymentStatus: 'paid',
      paidAt: now,
      amountPaid,
      payments,
      paymentMethod: gateway,
      gateway,
      updatedAt: now,
    }
    const items = fulfilLines(emu, tx, shop, paid, queue.emit)
    const stored = tx.put('orders', { ...paid, items, status: statusOfPaid(items) })
    emitOrderEvents(emu, tx, shop, 'order:paid', stored)
    queue.flush(emu, tx, shop)
    return { order: stored, alreadyPaid: false }
  })
  if (alreadyPaid) return retryDelivery(emu, shop, order.id)
  if (order.paymentStatus !== 'paid') return order
  return deliverRemoteLines(emu, shop, order.id)
}

/**
 * POST /_emulator/orders/:id/deliver (and paying a paid order): re-attempts every line of a paid
 * order that is not settled — stock and pools are checked again, Dynamic lines are POSTed again;
 * settled lines are never touched, so nothing is delivered twice.
 */
export async function retryDelivery(emu: Emulator, shop: ShopRecord, id: string): Promise<CommerceOrder> {
  const order = await emu.store.tx((tx) => {
    const before = findOrder(emu, shop, id)
    if (before.paymentStatus !== 'paid') {
      throw new StoreError(
        409,
        `order ${before.orderNumber} is not paid (paymentStatus ${before.paymentStatus}); deliveries follow payment`,
      )
    }
    const queue = eventQueue()
    const items = fulfilLines(emu, tx, shop, before, queue.emit)
    if (sameLines(items, before.items)) return before
    const next: CommerceOrder = { ...before, items, updatedAt: emu.nowIso() }
    const stored = tx.put('orders', { ...next, status: settleStatus(next) })
    emitOrderEvents(emu, tx, shop, 'order:updated', stored)
    queue.flush(emu, tx, shop)
    return stored
  })
  return deliverRemoteLines(emu, shop, order.id)
}

/**
 * The network part of fulfilment (Dynamic): one POST per waiting line, all lines at once, each
 * result recorded in its own transaction. A line already being POSTed is skipped.
 */
export async function deliverRemoteLines(emu: Emulator, shop: ShopRecord, orderId: string): Promise<CommerceOrder> {
  const order = emu.store.c.orders.get(orderId)!
  const busy = inFlightOf(emu.store)
  const jobs = order.items.flatMap((line) => {
    const type = line.productType
    const fulfil = type ? fulfilments[type] : undefined
    const setup = emu.store.c.fulfilments.get(line.productId)
    if (!fulfil?.deliverRemote || !fulfil.awaitsRemote?.(line, setup) || busy.has(line.id)) return []
    busy.add(line.id)
    return [{ line, fulfil, setup }]
  })
  await Promise.all(
    jobs.map(async ({ line, fulfil, setup }) => {
      try {
        const delivery = await fulfil.deliverRemote!(emu, order, line, setup)
        await emu.store.tx((tx) => {
          const now = emu.store.c.orders.get(orderId)
          if (!now) return
          const at = now.items.findIndex((l) => l.id === line.id)
          if (at < 0 || isSettled(now.items[at])) return
          const next: CommerceOrder = {
            ...now,
            items: now.items.with(at, { ...now.items[at], delivery }),
            updatedAt: emu.nowIso(),
          }
          const stored = tx.put('orders', { ...next, status: settleStatus(next) })
          emitOrderEvents(emu, tx, shop, 'order:updated', stored)
          const product = emu.store.c.products.get(line.productId)
          if (delivery.status === 'delivered' && product) emu.events.emit(tx, shop, 'product:dynamic', { product })
        })
      } finally {
        busy.delete(line.id)
      }
    }),
  )
  return emu.store.c.orders.get(orderId)!
}

/**
 * POST /_emulator/orders/:id/tracking: adds tracking to a paid order with a Physical line; every
 * Physical line whose stock was taken becomes delivered with the tracking (the order completes
 * when nothing else waits). Fires `order:updated` (+ `:product`).
 */
export function addTracking(emu: Emulator, tx: Tx, shop: ShopRecord, id: string, body: TrackingBody): CommerceOrder {
  const before = findOrder(emu, shop, id)
  if (!before.items.some((l) => l.productType === 'Physical'))
    throw new StoreError(400, `order ${before.orderNumber} has no Physical item; tracking applies to shipped goods`)
  if (before.paymentStatus !== 'paid')
    throw new StoreError(
      409,
      `order ${before.orderNumber} is not paid (paymentStatus ${before.paymentStatus}); ship after payment`,
    )
  const now = emu.nowIso()
  const tracking = [...(before.tracking ?? []), { code: body.code, carrier: body.carrier ?? null, addedAt: now }]
  const items = before.items.map((line) => {
    if (line.productType !== 'Physical' || line.taken !== line.quantity) return line
    if (line.delivery?.status === 'delivered') return { ...line, delivery: { ...line.delivery, tracking } }
    if (line.delivery?.reason !== AWAITING_SHIPMENT) return line
    return delivered(line, now, { message: line.delivery.message, tracking })
  })
  const next: CommerceOrder = { ...before, items, tracking, updatedAt: now }
  const stored = tx.put('orders', { ...next, status: settleStatus(next) })
  emitOrderEvents(emu, tx, shop, 'order:updated', stored)
  return stored
}

/**
 * POST /_emulator/orders/:id/dispute: a paid or partially paid order becomes paymentStatus
 * disputed (its status and deliveries stay) and `order:disputed` fires. Disputing a disputed
 * order changes nothing and fires nothing.
 */
export function disputeOrder(emu: Emulator, tx: Tx, shop: ShopRecord, id: string): CommerceOrder {
  const before = findOrder(emu, shop, id)
  if (before.paymentStatus === 'disputed') return before
  if (before.paymentStatus !== 'paid' && before.paymentStatus !== 'partial') {
    throw new StoreError(
      409,
      `order ${before.orderNumber} has paymentStatus ${before.paymentStatus}; only a payment can be disputed`,
    )
  }
  const now = emu.nowIso()
  const stored = tx.put('orders', { ...before, paymentStatus: 'disputed', disputedAt: now, updatedAt: now })
  emitOrderEvents(emu, tx, shop, 'order:disputed', stored)
  return stored
}
