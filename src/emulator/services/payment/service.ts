import { StoreError } from '../../../contract/errors.js'
import {
  DELIVERY_BEFORE_PAYMENT,
  DISPUTE_WITHOUT_PAYMENT,
  ORDER_CLOSED_TO_PAYMENT,
  PAYMENT_ABOVE_DUE,
  PAYMENT_ALREADY_SETTLED,
  PAYMENT_NOT_ABOVE_ZERO,
  SHIPPING_BEFORE_PAYMENT,
  TRACKING_WITHOUT_PHYSICAL,
  type PayBody,
  type TrackingBody,
} from '../../../contract/fulfilment.js'
import { refuse } from '../../../contract/refusals.js'
import type { ServiceDeps } from '../common/deps.js'
import { fulfilments } from '../fulfilment/index.js'
import { delivered, undelivered } from '../fulfilment/fulfil.js'
import { cents } from '../../money.js'
import { findOrder } from '../orders/rules.js'
import type { OrderLineRecord, OrderRecord, ShopRecord } from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'
import { recordMoneyReceived } from '../customers/bookkeeping.js'
import { emitOrderEvents, isSettled, settleStatus, statusOfPaid } from '../orders/flow.js'
import type { Emit } from '../catalogue/stock.js'

/** Queues events so the order's own event goes out before what its fulfilment caused. */
function eventQueue(deps: ServiceDeps, tx: Tx, shop: ShopRecord) {
  const queued: Parameters<Emit>[] = []
  const emit: Emit = (kind, subject) => void queued.push([kind, subject])
  const flush = () => {
    for (const [kind, subject] of queued) deps.events.emit(tx, shop, kind, subject)
  }
  return { emit, flush }
}

function fulfilLines(deps: ServiceDeps, tx: Tx, shop: ShopRecord, order: OrderRecord, emit: Emit): OrderLineRecord[] {
  const now = deps.nowIso(shop)
  return order.items.map((line) => {
    if (isSettled(line)) return line
    const found = deps.collections.products.get(line.productId)
    const product = found?.shopId === shop.id ? found : undefined
    const type = line.productType ?? product?.type
    if (!type) return undelivered(line, `product ${line.productId} no longer exists`)
    // Only this shop's product has a setup here: another shop's codes, files or endpoint are never used.
    const setup = product ? deps.collections.fulfilments.get(line.productId) : undefined
    return fulfilments[type].fulfil({ deps, tx, shop, order, line, product, setup, now, emit })
  })
}

function putUpdated(deps: ServiceDeps, tx: Tx, shop: ShopRecord, next: OrderRecord): OrderRecord {
  const stored = tx.put('orders', { ...next, status: settleStatus(next) })
  emitOrderEvents(deps, tx, shop, 'order:updated', stored)
  return stored
}

const sameLines = (a: readonly OrderLineRecord[], b: readonly OrderLineRecord[]) => a.every((line, i) => line === b[i])

/**
 * Payment, delivery retries, tracking and disputes: the orchestration above checkout and fulfilment,
 * so neither of those imports the other.
 */
export class PaymentService {
  /** Lines whose Dynamic POST is under way: a second pay or retry never POSTs the same line twice at once. */
  private readonly inFlight = new Set<string>()

  constructor(
    private readonly deps: ServiceDeps,
    private readonly network: { fetch: typeof fetch; timeoutMs?: number },
  ) {}

  /** Paying a paid order takes no money and delivers nothing twice: it retries undelivered lines only. */
  async pay(shop: ShopRecord, id: string, body: PayBody): Promise<OrderRecord> {
    const deps = this.deps
    const { order, alreadyPaid } = await deps.transact((tx) => {
      const before = findOrder(deps, shop, id)
      if (before.paymentStatus === 'paid') return { order: before, alreadyPaid: true }
      if (before.status === 'cancelled' || before.status === 'refunded') {
        throw refuse(ORDER_CLOSED_TO_PAYMENT, { order: before.orderNumber, status: before.status })
      }
      if (before.paymentStatus !== 'unpaid' && before.paymentStatus !== 'partial') {
        throw refuse(PAYMENT_ALREADY_SETTLED, { order: before.orderNumber, paymentStatus: before.paymentStatus })
      }
      const paidSoFar = before.amountPaid ?? 0
      const due = cents(before.total - paidSoFar)
      const amount = body.amount ?? due
      const owed = { due: due.toFixed(2), currency: before.currency }
      if (amount > due) throw refuse(PAYMENT_ABOVE_DUE, owed)
      if (amount <= 0 && due > 0) throw refuse(PAYMENT_NOT_ABOVE_ZERO, owed)
      const now = deps.nowIso(shop)
      const gateway = body.gateway ?? before.gateway ?? 'processor'
      const amountPaid = cents(paidSoFar + amount)
      const payments = [...(before.payments ?? []), { amount, gateway, at: now }]
      recordMoneyReceived(deps, tx, before.customerId, amount, now)

      const received = { amountPaid, payments, paymentMethod: gateway, updatedAt: now }
      if (amountPaid < before.total) {
        const partial = tx.put('orders', { ...before, ...received, paymentStatus: 'partial' })
        emitOrderEvents(deps, tx, shop, 'order:partial', partial)
        return { order: partial, alreadyPaid: false }
      }
      const queue = eventQueue(deps, tx, shop)
      const paid: OrderRecord = { ...before, ...received, paymentStatus: 'paid', paidAt: now, gateway }
      const items = fulfilLines(deps, tx, shop, paid, queue.emit)
      const stored = tx.put('orders', { ...paid, items, status: statusOfPaid(items) })
      emitOrderEvents(deps, tx, shop, 'order:paid', stored)
      queue.flush()
      return { order: stored, alreadyPaid: false }
    })
    if (alreadyPaid) return this.deliver(shop, order.id)
    if (order.paymentStatus !== 'paid') return order
    return this.handOverRemoteLines(shop, order.id)
  }

  /** Re-attempts the unsettled lines of a paid order; settled lines are never touched. */
  async deliver(shop: ShopRecord, id: string): Promise<OrderRecord> {
    const deps = this.deps
    const order = await deps.transact((tx) => {
      const before = findOrder(deps, shop, id)
      if (before.paymentStatus !== 'paid') {
        throw refuse(DELIVERY_BEFORE_PAYMENT, { order: before.orderNumber, paymentStatus: before.paymentStatus })
      }
      const queue = eventQueue(deps, tx, shop)
      const items = fulfilLines(deps, tx, shop, before, queue.emit)
      if (sameLines(items, before.items)) return before
      const stored = putUpdated(deps, tx, shop, { ...before, items, updatedAt: deps.nowIso(shop) })
      queue.flush()
      return stored
    })
    return this.handOverRemoteLines(shop, order.id)
  }

  /** POSTs every waiting Dynamic line at once, each result recorded in its own transaction. */
  private async handOverRemoteLines(shop: ShopRecord, orderId: string): Promise<OrderRecord> {
    const deps = this.deps
    const order = deps.collections.orders.get(orderId)
    if (!order) throw goneWhileDelivering(orderId)
    const busy = this.inFlight
    const jobs = order.items.flatMap((line) => {
      const type = line.productType
      const fulfil = type ? fulfilments[type] : undefined
      const product = deps.collections.products.get(line.productId)
      const setup = product?.shopId === shop.id ? deps.collections.fulfilments.get(line.productId) : undefined
      if (!fulfil?.handOverRemote || !fulfil.awaitsRemote?.(line, setup) || busy.has(line.id)) return []
      busy.add(line.id)
      return [{ line, fulfil, setup }]
    })
    await Promise.all(
      jobs.map(async ({ line, fulfil, setup }) => {
        try {
          const handover = await fulfil.handOverRemote!({ ...this.network, nowIso: deps.nowIso }, order, line, setup)
          await deps.transact((tx) => {
            const now = deps.collections.orders.get(orderId)
            // Gone, or put back as it was before this payment (a restore, a reset, the account's deletion): dropped.
            if (!now || now.paidAt !== order.paidAt || !deps.collections.shops.get(shop.id)) return
            const at = now.items.findIndex((l) => l.id === line.id)
            if (at < 0 || isSettled(now.items[at])) return
            const items = now.items.with(at, { ...now.items[at], delivery: handover })
            putUpdated(deps, tx, shop, { ...now, items, updatedAt: deps.nowIso(shop) })
            const product = deps.collections.products.get(line.productId)
            if (handover.status === 'delivered' && product) deps.events.emit(tx, shop, 'product:dynamic', { product })
          })
        } finally {
          busy.delete(line.id)
        }
      }),
    )
    const now = deps.collections.orders.get(orderId)
    if (!now || now.paidAt !== order.paidAt) throw goneWhileDelivering(order.orderNumber)
    return now
  }

  /** Adds tracking; every Physical line whose stock was taken becomes delivered with it. */
  track(shop: ShopRecord, id: string, body: TrackingBody): Promise<OrderRecord> {
    const deps = this.deps
    return deps.transact((tx) => {
      const before = findOrder(deps, shop, id)
      if (!before.items.some((l) => l.productType === 'Physical'))
        throw refuse(TRACKING_WITHOUT_PHYSICAL, { order: before.orderNumber })
      if (before.paymentStatus !== 'paid')
        throw refuse(SHIPPING_BEFORE_PAYMENT, { order: before.orderNumber, paymentStatus: before.paymentStatus })
      const now = deps.nowIso(shop)
      const tracking = [...(before.tracking ?? []), { code: body.code, carrier: body.carrier ?? null, addedAt: now }]
      const items = before.items.map((line) => {
        if (line.productType !== 'Physical' || line.taken !== line.quantity) return line
        if (line.delivery?.status === 'delivered') return { ...line, delivery: { ...line.delivery, tracking } }
        return delivered(line, now, { message: line.delivery?.message, tracking })
      })
      return putUpdated(deps, tx, shop, { ...before, items, tracking, updatedAt: now })
    })
  }

  /** Disputing a disputed order changes nothing and fires nothing. */
  dispute(shop: ShopRecord, id: string): Promise<OrderRecord> {
    const deps = this.deps
    return deps.transact((tx) => {
      const before = findOrder(deps, shop, id)
      if (before.paymentStatus === 'disputed') return before
      if (before.paymentStatus !== 'paid' && before.paymentStatus !== 'partial') {
        throw refuse(DISPUTE_WITHOUT_PAYMENT, { order: before.orderNumber, paymentStatus: before.paymentStatus })
      }
      const now = deps.nowIso(shop)
      const stored = tx.put('orders', { ...before, paymentStatus: 'disputed', disputedAt: now, updatedAt: now })
      emitOrderEvents(deps, tx, shop, 'order:disputed', stored)
      return stored
    })
  }
}

function goneWhileDelivering(order: string): StoreError {
  return new StoreError(
    404,
    `order ${order} was removed or replaced (a restore, a reset or the account's deletion) while its Dynamic lines were being delivered; their answers were dropped. Get the order again to see what it holds now.`,
  )
}
