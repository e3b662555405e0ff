import type { SubscriptionPlan } from './fulfilment.js'
import type { Order, OrderItem } from './orders.js'
import type { Product } from './products.js'
import type { Feedback, Query } from './storefront.js'
import type { Subscription } from './subscriptions.js'
import {
  DYNAMIC_DELIVERY_EVENT,
  type DynamicDeliveryPayload,
  type FeedbackEventData,
  type IpInfo,
  type MysteryRevealedData,
  type OrderEventData,
  type ProductEventData,
  type QueryEventData,
  type SubscriptionEventData,
} from './events.js'

/**
 * Builds the spec's event payloads from API records. Shared by the emulator (which fires events
 * from its own rows) and `store webhooks trigger --from` (which reads the records over the API),
 * so an event and its simulation carry the same shape. Pure: no clock, no I/O.
 */

/** What a builder may look up besides its record. */
export interface PayloadSources {
  shop: { id: string; name: string }
  /** A product by internal id (or `rec_…` id); undefined when it is gone. */
  product(id: string): Product | undefined
  /** A Subscription product's plan (dashboard-only setup), when known. */
  plan?(productId: string): SubscriptionPlan | undefined
}

/** Stock at or below this sets off product:stock:low; sent as `stock_warning` (docs/webhooks.md, "Events"). */
export const LOW_STOCK_THRESHOLD = 5
/** Gateways every product accepts in the emulator, as product data lists them. */
export const EMULATOR_GATEWAYS = ['PROCESSOR', 'WALLET', 'CRYPTO'] as const

/** Fixed illustrative rates per 1 USD for `total_conversions` (the emulator has no market data). */
const USD_RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, CAD: 1.37, AUD: 1.52, JPY: 157 }
const CRYPTO_PER_USD: Record<string, number> = { BTC: 1 / 65_000, ETH: 1 / 3_500, LTC: 1 / 80 }

/**
 * The spec gives numeric ids for orders and shops in `data`; the emulator's ids are strings, so
 * the number is the order's display number, or for other ids a stable 31-bit FNV-1a hash.
 */
export function numericId(id: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash & 0x7fffffff || 1
}

/** ISO 8601 → Unix seconds (spec, "Delivery rules" 5); 0 for a missing time. */
export function unixSeconds(iso: string | null | undefined): number {
  const ms = iso ? Date.parse(iso) : NaN
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0
}

interface MoneyFormat {
  format: Intl.NumberFormat | null
  /** The last amount formatted and its text: most payloads in a row carry the same price. */
  amount?: number
  text?: string
}
const formats = new Map<string, MoneyFormat>()

/** An amount as people read it (`$39.60`); formats are cached per currency, they are costly to build and to run. */
export function displayMoney(amount: number, currency: string): string {
  let entry = formats.get(currency)
  if (entry === undefined) {
    let format: Intl.NumberFormat | null
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency })
    } catch {
      format = null
    }
    entry = { format }
    formats.set(currency, entry)
  }
  if (entry.text !== undefined && Object.is(entry.amount, amount)) return entry.text
  const text = entry.format ? entry.format.format(amount) : `${amount.toFixed(2)} ${currency}`
  entry.amount = amount
  entry.text = text
  return text
}

const amountString = (n: number) => (Math.round(n * 100) / 100).toFixed(2)
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

function upperType(type: string): ProductEventData['product_type'] {
  return type.toUpperCase() as ProductEventData['product_type']
}

/** Product data (spec, "Product data"). Unlimited stock (null) is sent as -1. */
export function productEventData(product: Product, shop: PayloadSources['shop']): ProductEventData {
  const stock = product.stock === null ? -1 : product.stock
  const image = product.image || ''
  return {
    id: product.id,
    uniqid: product.productId,
    shop_id: numericId(shop.id),
    title: product.name,
    description: product.description,
    product_type: upperType(product.type),
    price: product.price,
    price_display: displayMoney(product.price, product.currency),
    currency: product.currency,
    quantity_min: 1,
    quantity_max: stock,
    stock,
    stock_warning: LOW_STOCK_THRESHOLD,
    gateways: [...EMULATOR_GATEWAYS],
    image_name: image ? image.slice(image.lastIndexOf('/') + 1) || null : null,
    image_storage: image ? 'URL' : null,
    unlisted: product.unlisted,
    sort_priority: product.sortOrder,
    volume_discounts: [],
    created_at: unixSeconds(product.createdAt),
    updated_at: unixSeconds(product.updatedAt),
  }
}

/** The product of `id`, or when it is gone, rebuilt from what an order line or subscription remembers of it. */
function productOr(
  sources: PayloadSources,
  p: Pick<Product, 'id' | 'productId' | 'name' | 'type' | 'price' | 'currency' | 'createdAt'>,
): Product {
  return (
    sources.product(p.id) ?? {
      ...p,
      description: '',
      image: '',
      stock: null,
      status: 'Archived',
      sortOrder: 0,
      unlisted: false,
      updatedAt: p.createdAt,
    }
  )
}

function ipInfo(country: string | null): IpInfo {
  return {
    country_code: country,
    city: null,
    isp: null,
    region: null,
    device: null,
    browser: null,
    vpn: false,
    proxy: false,
    tor: false,
  }
}

function conversions(total: number, currency: string): OrderEventData['total_conversions'] {
  const rate = USD_RATES[currency.toUpperCase()]
  const usd = rate ? total / rate : total
  const fiat: Record<string, number> = {}
  for (const [code, perUsd] of Object.entries(USD_RATES))
    fiat[code] = code === currency.toUpperCase() ? total : round(usd * perUsd, 2)
  const crypto: Record<string, number> = {}
  for (const [coin, perUsd] of Object.entries(CRYPTO_PER_USD)) crypto[coin] = round(usd * perUsd, 8)
  return { ...fiat, crypto }
}

function deliveryInfo(items: OrderItem[], order: Order): OrderEventData['delivery_info'] {
  const info = {
    downloads: [] as string[],
    license_keys: [] as string[],
    external_urls: [] as string[],
    tracking_codes: (order.tracking ?? []).map((t) => t.code).filter(Boolean),
  }
  for (const item of items) {
    const delivery = item.delivery
    if (!delivery) continue
    for (const file of delivery.files ?? []) info.downloads.push(file.url)
    for (const code of delivery.codes ?? []) info.license_keys.push(code)
    const content = delivery.dynamic?.content
    if (typeof content === 'string')
      for (const url of content.match(/https?:\/\/\S+/g) ?? []) info.external_urls.push(url)
    for (const open of item.mystery?.opens ?? [])
      if (open.code && !info.license_keys.includes(open.code)) info.license_keys.push(open.code)
  }
  return info
}

function overallDelivery(items: OrderItem[]): string {
  const states = items.map((i) => i.delivery?.status ?? 'awaiting_payment')
  if (states.every((s) => s === 'delivered' || s === 'none'))
    return states.every((s) => s === 'none') ? 'none' : 'delivered'
  if (states.every((s) => s === 'awaiting_payment')) return 'awaiting_payment'
  if (states.some((s) => s === 'delivered' || s === 'partial')) return 'partial'
  if (states.includes('undelivered')) return 'undelivered'
  return states.includes('awaiting_shipment') ? 'awaiting_shipment' : 'awaiting_payment'
}

/** The order's steps so far: checkout, then payment or the status it was last set to. */
function statusHistory(order: Order): OrderEventData['status_history_raw'] {
  const history = [{ status: 'pending', paymentStatus: 'unpaid', at: order.createdAt }]
  const at = order.paidAt ?? (order.status !== 'pending' ? order.updatedAt || order.createdAt : null)
  if (at) history.push({ status: order.status, paymentStatus: order.paymentStatus, at })
  return history
}

function discountBreakdown(order: Order, amount: number): OrderEventData['discount_breakdown'] {
  const out: OrderEventData['discount_breakdown'] = []
  const { groupDiscount = 0, couponDiscount = 0, couponCode } = order
  if (groupDiscount > 0) out.push({ type: 'GROUP', amount: groupDiscount })
  if (couponDiscount > 0)
    out.push({ type: 'COUPON', amount: couponDiscount, ...(couponCode ? { code: couponCode } : {}) })
  if (!out.length && amount > 0) out.push({ type: 'DISCOUNT', amount })
  return out
}

/**
 * What `gatewayOf` reads of `top` laid over `under`, as `{ ...under, ...top }` has it. Spreading
 * two records of some fifty fields into one costs more than building the rest of a payload.
 */
function gatewayFieldsOf(top: Record<string, unknown>, under: Record<string, unknown>): Record<string, unknown> {
  const field = (key: string) => (Object.hasOwn(top, key) ? top[key] : under[key])
  return { gateway: field('gateway'), payments: field('payments'), paymentMethod: field('paymentMethod') }
}

function gatewayOf(record: Record<string, unknown>, fallback: string): string {
  const payments = Array.isArray(record.payments) ? record.payments.map(obj) : []
  const paid = payments.length ? str(payments[payments.length - 1].gateway) : null
  return (str(record.gateway) ?? paid ?? (str(record.paymentMethod) || fallback))
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
}

/**
 * Order data (spec, "Order data"). Plain kinds describe the whole order, product fields from its
 * first line; `:product` variants pass the line (`item`): product fields, quantity and delivery
 * are that line's, amounts stay the order's.
 */
export function orderEventData(order: Order, sources: PayloadSources, item?: OrderItem): OrderEventData {
  const items = order.items
  const line = item ?? items[0]
  const product = productOr(sources, {
    id: line?.productId ?? '',
    productId: line?.productId ?? '',
    name: line?.productName ?? '',
    type: line?.productType ?? 'Service',
    price: line?.price ?? 0,
    currency: order.currency,
    createdAt: order.createdAt,
  })
  const discount = order.discount ?? (order.groupDiscount ?? 0) + (order.couponDiscount ?? 0)
  const history = statusHistory(order)
  const country = order.country || null
  const gateway = gatewayOf(order, 'PROCESSOR')
  const subscriptionId =
    line?.delivery?.subscriptionId ?? (line?.productType === 'Subscription' ? order.subscriptionId || null : null)
  const number = Number(order.orderNumber.replace(/^ORD-/, ''))
  const paid = order.paidAt ? order.id : null
  return {
    id: Number.isSafeInteger(number) && number > 0 ? number : numericId(order.id),
    uniqid: order.id,
    type: order.groupId ? 'GROUP' : 'PRODUCT',
    subtype: subscriptionId ? 'SUBSCRIPTION' : null,
    origin: order.origin === 'renewal' ? 'RENEWAL' : 'STOREFRONT',
    total: order.total,
    total_display: displayMoney(order.total, order.currency),
    currency: order.currency,
    exchange_rate: 1,
    discount,
    fee_percentage: 0,
    fee_breakdown: [],
    discount_breakdown: discountBreakdown(order, discount),
    shop_id: numericId(sources.shop.id),
    name: sources.shop.name,
    customer_email: order.customerEmail,
    customer_id: order.customerId || null,
    product_id: product.id,
    product_title: line?.productName ?? product.name,
    product_type: upperType(line?.productType ?? product.type),
    quantity: item ? item.quantity : items.reduce((sum, i) => sum + i.quantity, 0),
    subscription_id: subscriptionId,
    subscription_time: subscriptionId ? 1 : null,
    custom_fields: order.customFields ?? {},
    gateway,
    gateway_data: {
      type: gateway,
      label: order.paymentMethod || gateway,
      payment_reference: paid && `pay_${paid}`,
    },
    processor_id: paid && gateway === 'PROCESSOR' ? `pi_${paid}` : null,
    wallet_order_id: paid && gateway === 'WALLET' ? `wo_${paid}` : null,
    country,
    location: country,
    ip: order.ip || null,
    is_vpn_or_proxy: false,
    ip_info: ipInfo(country),
    status: order.status.toUpperCase(),
    status_history: history.map((h) => ({ status: h.status.toUpperCase(), created_at: unixSeconds(h.at) })),
    status_history_raw: history,
    created_at: unixSeconds(order.createdAt),
    updated_at: unixSeconds(order.updatedAt || order.paidAt || order.createdAt),
    product: productEventData(product, sources.shop),
    products: items.map((i) => ({
      uniqid: i.id,
      title: i.productName,
      quantity: i.quantity,
      price: i.price,
      currency: order.currency,
    })),
    delivery_info: deliveryInfo(item ? [item] : items, order),
    delivery: item ? (item.delivery ?? null) : { status: overallDelivery(items) },
    total_conversions: conversions(order.total, order.currency),
  }
}

/**
 * Subscription data (spec, "Subscription data"), from the subscription record, its product and
 * plan, and the order that started it when at hand.
 */
export function subscriptionEventData(
  subscription: Subscription,
  sources: PayloadSources,
  order?: Order,
): SubscriptionEventData {
  const s = subscription
  const product = productOr(sources, {
    id: s.productId,
    productId: s.productProductId,
    name: s.productName,
    type: 'Subscription',
    price: s.amount ?? 0,
    currency: s.currency || 'USD',
    createdAt: s.createdAt,
  })
  const plan = sources.plan?.(product.id)
  const line = order?.items.find((i) => i.productId === product.id)
  const amount = s.amount ?? line?.total ?? product.price
  const currency = s.currency || order?.currency || product.currency
  const country = order?.country || null
  const unixOrNull = (iso: string | null | undefined) => (iso ? unixSeconds(iso) : null)
  return {
    id: s.id,
    uniqid: s.id,
    shop_id: numericId(sources.shop.id),
    shop_name: sources.shop.name,
    product_id: product.id,
    product_uniqid: product.productId,
    product_title: s.productName,
    product_type: upperType(product.type),
    customer_id: s.customerId,
    customer_email: s.customerEmail,
    subscription_id: s.id,
    processor_subscription_id: s.processorSubscriptionId,
    processor_price_id: `price_${product.productId.replace(/^rec_/, '')}`,
    subscription_status: s.status.toUpperCase(),
    amount,
    amount_display: displayMoney(amount, currency),
    currency,
    quantity: s.quantity ?? line?.quantity ?? 1,
    billing_interval: (s.interval || plan?.interval || 'MONTH').toUpperCase(),
    recurring_interval_count: s.intervalCount ?? plan?.intervalCount ?? 1,
    current_period_start: unixSeconds(s.currentPeriodStart || s.createdAt),
    current_period_end: unixSeconds(s.currentPeriodEnd),
    trial_start: unixOrNull(s.trialStart),
    trial_end: unixOrNull(s.trialEnd),
    gateway: gatewayOf(gatewayFieldsOf(s, order ?? {}), 'PROCESSOR'),
    country,
    ip: order?.ip || null,
    ip_info: ipInfo(country),
    created_at: unixSeconds(s.createdAt),
    updated_at: unixOrNull(s.updatedAt) ?? unixSeconds(s.createdAt),
    canceled_at: unixOrNull(s.canceledAt),
    product: productEventData(product, sources.shop),
  }
}

/** product:mystery:revealed (spec): ids and names only; the outcomes are read from the order. */
export function mysteryRevealedData(
  order: Pick<Order, 'id' | 'orderNumber'>,
  item: Pick<OrderItem, 'productId' | 'productName'>,
): MysteryRevealedData {
  return { orderId: order.id, orderNumber: order.orderNumber, productId: item.productId, productName: item.productName }
}

export function queryEventData(query: Query, sources: PayloadSources): QueryEventData {
  return {
    id: query.id,
    ticket_id: query.ticketId || query.id,
    shop_id: numericId(sources.shop.id),
    customer_email: query.customerEmail,
    customer_id: query.customerId || null,
    subject: query.subject,
    message: query.message,
    status: query.status.toUpperCase(),
    reply_count: query.replies.length,
    created_at: unixSeconds(query.createdAt),
    updated_at: unixSeconds(query.updatedAt || query.createdAt),
  }
}

export function feedbackEventData(feedback: Feedback, sources: PayloadSources): FeedbackEventData {
  return {
    id: feedback.id,
    shop_id: numericId(sources.shop.id),
    product_id: feedback.productId,
    product_title: feedback.productTitle || sources.product(feedback.productId)?.name || '',
    order_id: feedback.orderId,
    customer_email: feedback.customerEmail,
    rating: feedback.rating,
    comment: feedback.comment,
    created_at: unixSeconds(feedback.createdAt),
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' || typeof v === 'number' ? String(v) : null)

/**
 * The INVOICE.ITEM.DELIVER-DYNAMIC body for one line item (spec): top-level `event`, no `data`,
 * ISO 8601 times, amounts as strings with 2 decimals, `amount` the line's quantity. Field for field
 * what the emulator's Dynamic fulfilment POSTs: `id` and `unique_id` are the order's internal id,
 * `coupon` is null without a coupon, chat fields come from the custom fields `chat_id` and `chat_username`.
 */
export function dynamicDeliveryPayload(order: Order, item: OrderItem, now: string): DynamicDeliveryPayload {
  const fields = order.customFields ?? {}
  const couponDiscount = amountString(order.couponDiscount ?? 0)
  const customerId = order.customerId || ''
  return {
    event: DYNAMIC_DELIVERY_EVENT,
    id: order.id,
    order_number: order.orderNumber,
    unique_id: order.id,
    shop_customer_id: customerId,
    coupon_id: order.couponId || '',
    coupon_discount: couponDiscount,
    gateway_fee: amountString(0),
    created_at: order.createdAt,
    updated_at: order.updatedAt || now,
    gateway: (order.gateway || order.paymentMethod || '').toUpperCase(),
    email: order.customerEmail,
    status: order.status.toLowerCase(),
    price: amountString(order.total),
    currency: order.currency,
    amount: item.quantity,
    custom_fields: fields,
    customer: {
      id: customerId,
      email: order.customerEmail,
      name: order.customerName,
      chat_id: text(fields.chat_id),
      chat_username: text(fields.chat_username),
    },
    coupon: order.couponId
      ? {
          id: order.couponId,
          code: order.couponCode || '',
          discount: couponDiscount,
          type: order.couponType || 'fixed',
        }
      : null,
    item: {
      id: item.id,
      invoice_id: order.id,
      product_id: item.productId,
      status: item.delivery?.status === 'delivered' ? 'delivered' : 'pending',
      price: amountString(item.price),
      quantity: item.quantity,
      total_price: amountString(item.total),
      custom_fields: fields,
      product: { id: item.productId, name: item.productName },
    },
  }
}
