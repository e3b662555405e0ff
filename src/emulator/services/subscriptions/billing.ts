// Subscriptions on the emulator clock (docs/storefront.md, "Subscriptions"): CANCELLED never renews.
import type { SubscriptionKind } from '../../../contract/events.js'
import type { SubscriptionInterval } from '../../../contract/fulfilment.js'
import type { ServiceDeps } from '../common/deps.js'
import { base62 } from '../../ids.js'
import { cents } from '../../money.js'
import type {
  OrderLineRecord,
  OrderRecord,
  ProductRecord,
  ShopRecord,
  SubscriptionRecord,
} from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'
import { nextDueOf } from '../../../contract/subscription-due.js'
import { recordMoneyReceived } from '../customers/bookkeeping.js'
import { placeOrder } from '../orders/rules.js'
import { type Emit, emitNow } from '../catalogue/stock.js'
import type { FulfilContext } from '../fulfilment/fulfil.js'

const DAY_MS = 24 * 3600 * 1000

export interface Plan {
  interval: SubscriptionInterval
  intervalCount: number
  trialDays: number
}
export const DEFAULT_PLAN: Plan = { interval: 'MONTH', intervalCount: 1, trialDays: 0 }

/** Months and years clamp to the month's last day: Jan 31 + 1 month = Feb 28/29. */
export function addIntervals(at: string, interval: SubscriptionInterval, count: number, times: number): string {
  const date = new Date(Date.parse(at))
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

const periodEnd = (s: SubscriptionRecord, k: number) => addIntervals(s.anchorAt, s.interval, s.intervalCount, k)

/** A processor customer id per shop customer: reused across their subscriptions. */
function processorCustomerIdFor(deps: ServiceDeps, shop: ShopRecord, customerId: string): string {
  for (const s of deps.collections.subscriptions.newestFirst('shop', shop.id))
    if (s.customerId === customerId) return s.processorCustomerId
  return `cus_${base62(deps.random, 14)}`
}

export function emitSubscription(
  emit: Emit,
  kind: SubscriptionKind,
  subscription: SubscriptionRecord,
  order?: OrderRecord,
): void {
  const subject = order ? { subscription, order } : { subscription }
  emit(kind, subject)
  emit(`${kind}:product`, subject)
}

/** TRIALING when the plan has trial days (the line charged 0), else ACTIVE with the first period paid by the order. */
export function startSubscription(
  { deps, tx, shop, order, now, emit }: FulfilContext,
  line: OrderLineRecord,
  product: ProductRecord,
  plan: Plan,
): SubscriptionRecord {
  const trial = plan.trialDays > 0
  const trialEnd = trial ? new Date(Date.parse(now) + plan.trialDays * DAY_MS).toISOString() : null
  const anchorAt = trialEnd ?? now
  const customerId = order.customerId ?? ''
  const unitPrice = product.price
  const subscription = tx.put('subscriptions', {
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
    currentPeriodEnd: trial ? anchorAt : addIntervals(anchorAt, plan.interval, plan.intervalCount, 1),
  })
  emitSubscription(emit, 'subscription:created', subscription, order)
  if (trial) emitSubscription(emit, 'subscription:trial:started', subscription, order)
  return subscription
}

/** The order of one charged period: created paid and completed, as the processor charged it. */
function chargePeriod(deps: ServiceDeps, tx: Tx, shop: ShopRecord, s: SubscriptionRecord, at: string): OrderRecord {
  const order = placeOrder(deps, tx, shop, { email: s.customerEmail }, at, () => ({
    status: 'completed',
    paymentStatus: 'paid',
    total: s.amount,
    currency: s.currency,
    paymentMethod: s.gateway,
    paidAt: at,
    items: [
      {
        id: deps.newId('item'),
        productId: s.productId,
        productName: s.productName,
        productType: 'Subscription',
        quantity: s.quantity,
        price: s.unitPrice,
        total: s.amount,
        taken: s.quantity,
        delivery: { status: 'delivered', reason: null, deliveredAt: at, subscriptionId: s.id },
      },
    ],
    gateway: s.gateway,
    amountPaid: s.amount,
    payments: [{ amount: s.amount, gateway: s.gateway, at }],
    origin: 'renewal',
    subscriptionId: s.id,
  }))
  recordMoneyReceived(deps, tx, order.customerId, s.amount, at)
  return order
}

export interface DueCounts {
  upcoming: number
  trialsEnded: number
  renewed: number
}

/** Runs the one thing `s` waits for at its due time (`nextDueOf`): the upcoming notice, a trial's end or a renewal. */
export function runDue(deps: ServiceDeps, tx: Tx, shop: ShopRecord, s: SubscriptionRecord, counts: DueCounts): void {
  const due = nextDueOf(s)
  if (!due) return
  const emit = emitNow(deps, tx, shop)
  const at = new Date(Math.max(due.at, Date.parse(s.updatedAt))).toISOString()
  if (due.kind === 'upcoming') {
    const next = tx.put('subscriptions', { ...s, upcomingNotifiedFor: s.currentPeriodEnd, updatedAt: at })
    emitSubscription(emit, 'subscription:upcoming', next)
    counts.upcoming++
    return
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
  })
  if (endedTrial) {
    emitSubscription(emit, 'subscription:trial:ended', next)
    counts.trialsEnded++
  }
  const order = chargePeriod(deps, tx, shop, next, at)
  emitSubscription(emit, 'subscription:renewed', next, order)
  emitSubscription(emit, 'subscription:updated', next)
  counts.renewed++
}
