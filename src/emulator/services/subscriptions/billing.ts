// Subscriptions on the emulator clock (DESIGN.md "Orders, fulfilment, stock"; README "Subscriptions"):
// created ACTIVE or TRIALING when their order is paid; as the clock passes, an upcoming notice
// fires UPCOMING_NOTICE_DAYS before each period end, a trial ends into ACTIVE with its first charge,
// an ACTIVE period renews with a charge; CANCELLED never renews.
import { StoreError } from '../../../spec/errors.js'
import type { SubscriptionInterval } from '../../../spec/fulfilment.js'
import type { ServiceDeps } from '../deps.js'
import { base62 } from '../../ids.js'
import { cents } from '../../present.js'
import type { ProductRecord, ShopRecord, SubscriptionRecord } from '../../store/records.js'
import type { Tx } from '../../store/store.js'
import { findSubscription } from './subscriptions.js'
import { recordMoneyReceived, recordOrderPlaced } from '../customers/bookkeeping.js'
import { nextOrderNumber } from '../orders/numbers.js'
import type { Emit } from '../catalogue/stock.js'
import { putOrder, type CommerceOrder, type Line } from '../orders/types.js'

export const UPCOMING_NOTICE_DAYS = 3
const DAY_MS = 24 * 3600 * 1000

export interface Plan {
  interval: SubscriptionInterval
  intervalCount: number
  trialDays: number
}
export const DEFAULT_PLAN: Plan = { interval: 'MONTH', intervalCount: 1, trialDays: 0 }

/** What the emulator keeps on a subscription beyond the spec's fields. */
export interface SubscriptionBilling {
  orderId: string
  itemId: string
  quantity: number
  unitPrice: number
  amount: number
  currency: string
  gateway: string
  interval: SubscriptionInterval
  intervalCount: number
  trialDays: number
  trialStart: string | null
  trialEnd: string | null
  /** Start of the first charged period; period k ends at anchor + (k + 1) intervals. */
  anchorAt: string
  periodsCharged: number
  currentPeriodStart: string
  upcomingNotifiedFor: string | null
  updatedAt: string
}
export type BilledSubscription = SubscriptionRecord & SubscriptionBilling

/**
 * `at` moved forward by `count` × `times` intervals. Months and years are calendar steps in UTC
 * from the anchor, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29, + 2 = Mar 31).
 */
export function addIntervals(at: string, interval: SubscriptionInterval, count: number, times: number): string {
  const date = new Date(at)
  if (interval === 'DAY' || interval === 'WEEK') {
    return new Date(date.getTime() + (interval === 'DAY' ? 1 : 7) * count * times * DAY_MS).toISOString()
  }
  const months = (interval === 'YEAR' ? 12 : 1) * count * times
  const y = date.getUTCFullYear()
  const m = date.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  const out = new Date(date)
  out.setUTCFullYear(y, m, Math.min(date.getUTCDate(), lastDay))
  return out.toISOString()
}

const periodEnd = (s: BilledSubscription, k: number) => addIntervals(s.anchorAt, s.interval, s.intervalCount, k)

/** A processor customer id per shop customer: reused across their subscriptions. */
function processorCustomerIdFor(deps: ServiceDeps, shop: ShopRecord, customerId: string): string {
  for (const s of deps.rows.subscriptions.newestFirst('shop', shop.id))
    if (s.customerId === customerId) return s.processorCustomerId
  return `cus_${base62(deps.random, 14)}`
}

function emitSubscription(emit: Emit, kind: string, subscription: SubscriptionRecord, order?: CommerceOrder): void {
  const subject = order ? { subscription, order } : { subscription }
  emit(kind, subject)
  emit(`${kind}:product`, subject)
}

/**
 * Starts the subscription of a paid Subscription line: TRIALING until the trial ends when the
 * plan has trial days (the line was charged 0), else ACTIVE with the first period paid by the order.
 */
export function startSubscription(
  deps: ServiceDeps,
  tx: Tx,
  shop: ShopRecord,
  order: CommerceOrder,
  line: Line,
  product: ProductRecord,
  plan: Plan,
  now: string,
  emit: Emit,
): BilledSubscription {
  const trial = plan.trialDays > 0
  const trialEnd = trial ? new Date(Date.parse(now) + plan.trialDays * DAY_MS).toISOString() : null
  const anchorAt = trialEnd ?? now
  const customerId = order.customerId ?? ''
  const unitPrice = product.price
  const base = {
    id: deps.newId('sub'),
    productId: product.id,
    productName: product.name,
    productProductId: product.productId,
    customerId,
    customerEmail: order.customerEmail,
    status: trial ? 'TRIALING' : 'ACTIVE',
    processorSubscriptionId: `sub_${base62(deps.random, 14)}`,
    processorCustomerId: processorCustomerIdFor(deps, shop, customerId),
    createdAt: now,
    canceledAt: null,
    shopId: shop.id,
    orderId: order.id,
    itemId: line.id,
    quantity: line.quantity,
    unitPrice,
    amount: cents(unitPrice * line.quantity),
    currency: order.currency,
    gateway: order.gateway ?? 'processor',
    interval: plan.interval,
    intervalCount: plan.intervalCount,
    trialDays: plan.trialDays,
    trialStart: trial ? now : null,
    trialEnd,
    anchorAt,
    periodsCharged: trial ? 0 : 1,
    currentPeriodStart: now,
    upcomingNotifiedFor: null,
    updatedAt: now,
  }
  const subscription = {
    ...base,
    currentPeriodEnd: trial ? anchorAt : addIntervals(anchorAt, plan.interval, plan.intervalCount, 1),
  }
  tx.put('subscriptions', subscription)
  emitSubscription(emit, 'subscription:created', subscription, order)
  if (trial) emitSubscription(emit, 'subscription:trial:started', subscription, order)
  return subscription
}

/** POST /_emulator/subscriptions/:id/cancel: CANCELLED at once with canceledAt; it never renews. */
export function cancelSubscription(deps: ServiceDeps, tx: Tx, shop: ShopRecord, id: string): BilledSubscription {
  const before = findSubscription(deps, shop, id) as BilledSubscription
  if (before.status === 'CANCELLED')
    throw new StoreError(409, `subscription ${before.id} was already cancelled at ${before.canceledAt}`)
  const now = deps.nowIso()
  const subscription = tx.put('subscriptions', {
    ...before,
    status: 'CANCELLED',
    canceledAt: now,
    updatedAt: now,
  }) as BilledSubscription
  const emit = (kind: string, data: unknown) => deps.events.emit(tx, shop, kind, data)
  emitSubscription(emit, 'subscription:cancelled', subscription)
  emitSubscription(emit, 'subscription:updated', subscription)
  return subscription
}

/** The order of one charged period: created paid and completed, as the processor charged it. */
function chargePeriod(deps: ServiceDeps, tx: Tx, shop: ShopRecord, s: BilledSubscription, at: string): CommerceOrder {
  const orderNumber = nextOrderNumber(deps, tx, shop.id)
  const customer = recordOrderPlaced(deps, tx, shop, { email: s.customerEmail }, at)
  const line: Line = {
    id: deps.newId('item'),
    productId: s.productId,
    productName: s.productName,
    productType: 'Subscription',
    quantity: s.quantity,
    price: s.unitPrice,
    total: s.amount,
    taken: s.quantity,
    delivery: { status: 'delivered', reason: null, deliveredAt: at, subscriptionId: s.id },
  }
  const order: CommerceOrder = {
    id: deps.newId('ord'),
    orderNumber,
    status: 'completed',
    paymentStatus: 'paid',
    total: s.amount,
    currency: s.currency,
    customerEmail: s.customerEmail,
    customerName: customer.name,
    paymentMethod: s.gateway,
    createdAt: at,
    paidAt: at,
    items: [line],
    shopId: shop.id,
    customerId: customer.id,
    subtotal: s.amount,
    discount: 0,
    groupId: null,
    groupDiscount: 0,
    couponId: null,
    couponCode: null,
    couponDiscount: 0,
    customFields: {},
    gateway: s.gateway,
    ip: null,
    country: null,
    amountPaid: s.amount,
    payments: [{ amount: s.amount, gateway: s.gateway, at }],
    tracking: [],
    disputedAt: null,
    updatedAt: at,
    origin: 'renewal',
    subscriptionId: s.id,
  }
  putOrder(tx, order)
  recordMoneyReceived(deps, tx, customer.id, s.amount, at)
  return order
}

type DueKind = 'upcoming' | 'periodEnd'
interface Due {
  subscription: BilledSubscription
  at: number
  kind: DueKind
}

function nextDue(s: BilledSubscription): Due | undefined {
  if (s.status === 'CANCELLED') return undefined
  const end = Date.parse(s.currentPeriodEnd)
  if (s.upcomingNotifiedFor !== s.currentPeriodEnd)
    return { subscription: s, at: end - UPCOMING_NOTICE_DAYS * DAY_MS, kind: 'upcoming' }
  return { subscription: s, at: end, kind: 'periodEnd' }
}

export interface DueCounts {
  upcoming: number
  trialsEnded: number
  renewed: number
}

/**
 * Runs everything that fell due up to the clock's now, earliest first across all subscriptions
 * (the clock is emulator-wide), each at its own due time: upcoming notices, trial ends (TRIALING →
 * ACTIVE plus the first charge) and renewals (a new period and its paid order).
 */
export function runDueSubscriptions(deps: ServiceDeps, tx: Tx): DueCounts {
  const now = deps.clock.now().getTime()
  const counts: DueCounts = { upcoming: 0, trialsEnded: 0, renewed: 0 }
  for (;;) {
    let best: Due | undefined
    for (const row of deps.rows.subscriptions.values()) {
      const due = nextDue(row as BilledSubscription)
      if (!due || due.at > now) continue
      if (!best || due.at < best.at || (due.at === best.at && row.id < best.subscription.id)) best = due
    }
    if (!best) return counts
    const shop = deps.rows.shops.get(best.subscription.shopId)
    if (!shop) throw new StoreError(500, `subscription ${best.subscription.id} belongs to no shop`)
    const emit: Emit = (kind, data) => deps.events.emit(tx, shop, kind, data)
    const s = best.subscription
    const at = new Date(Math.max(best.at, Date.parse(s.updatedAt))).toISOString()
    if (best.kind === 'upcoming') {
      const next = tx.put('subscriptions', {
        ...s,
        upcomingNotifiedFor: s.currentPeriodEnd,
        updatedAt: at,
      }) as BilledSubscription
      emitSubscription(emit, 'subscription:upcoming', next)
      counts.upcoming++
      continue
    }
    const endedTrial = s.status === 'TRIALING'
    const charged = s.periodsCharged + 1
    const next = tx.put('subscriptions', {
      ...s,
      status: 'ACTIVE',
      periodsCharged: charged,
      currentPeriodStart: s.currentPeriodEnd,
      currentPeriodEnd: periodEnd(s, charged),
      updatedAt: at,
    }) as BilledSubscription
    if (endedTrial) {
      emitSubscription(emit, 'subscription:trial:ended', next)
      counts.trialsEnded++
    }
    const order = chargePeriod(deps, tx, shop, next, at)
    emitSubscription(emit, 'subscription:renewed', next, order)
    emitSubscription(emit, 'subscription:updated', next)
    counts.renewed++
  }
}
