/**
 * Every event kind of the spec ("Events", "Event kinds"), in its order, with what fires it in the
 * emulator (docs/webhooks.md, "Events"; `store webhooks events`); and the webhook request's
 * envelope. No zod here: the CLI's declarations and the client read these without loading the
 * payload schemas (events.ts). product:deleted and product:stock:low are named only by the spec's
 * product data description; the emulator fires them too.
 */

/** Sent to a Dynamic product's own URL once per line item, not to webhook endpoints (spec, "Events"). */
export const DYNAMIC_DELIVERY_EVENT = 'INVOICE.ITEM.DELIVER-DYNAMIC' as const

const TRIGGERS = {
  'order:created':
    'checkout creates an order (POST /storefront/:shop/checkout, also from the embed); the order is pending and unpaid',
  'order:updated':
    'PUT /api/v1/orders/:id with a new status (also with order:cancelled), tracking added (POST /_emulator/orders/:id/tracking), a Dynamic line delivered after payment, a delivery retried (POST /_emulator/orders/:id/deliver)',
  'order:partial': 'a payment below the amount due (POST /_emulator/orders/:id/pay with amount)',
  'order:paid':
    'the order is paid in full (POST /_emulator/orders/:id/pay, or the rest after a partial payment); fires after fulfilment ran, with the deliveries',
  'order:paid:product': "with order:paid, once per line item, with that line's delivery",
  'order:cancelled': 'PUT /api/v1/orders/:id with status cancelled (after order:updated)',
  'order:disputed': 'POST /_emulator/orders/:id/dispute (paymentStatus disputed)',
  'order:cancelled:product': 'with order:cancelled, once per line item',
  'order:disputed:product': 'with order:disputed, once per line item',
  'order:created:product': "with order:created, once per line item (that line's product as product)",
  'order:partial:product': 'with order:partial, once per line item',
  'order:updated:product': 'with order:updated, once per line item',
  'query:created': 'a customer sends a query (POST /storefront/:shop/queries)',
  'query:replied': 'the merchant replies (POST /_emulator/queries/:id/reply)',
  'feedback:received':
    'a customer leaves feedback on a paid invoice (POST /storefront/:shop/invoices/:orderId/feedback)',
  'product:created': 'POST /api/v1/products',
  'product:edited': 'PUT /api/v1/products/:id',
  'product:deleted': 'DELETE /api/v1/products/:id',
  'product:stock':
    "a product's stock changes: PUT /api/v1/products/:id with stock, a new serial pool or drop table (PUT /_emulator/products/:id/fulfilment), units taken at payment",
  'product:stock:low': 'with product:stock, whenever a change lowers the stock to the warning level (5) or below',
  'product:dynamic':
    'a Dynamic line item was delivered: its INVOICE.ITEM.DELIVER-DYNAMIC POST was answered 2xx; once per line',
  'product:mystery:revealed': 'once per MysteryBox line item, after its rolls at payment',
  'subscription:trial:started': "with subscription:created, when the product's plan has trial days (status TRIALING)",
  'subscription:trial:started:product': 'with subscription:trial:started',
  'subscription:created':
    'payment of an order with a Subscription line: the subscription starts (ACTIVE, or TRIALING with a trial)',
  'subscription:created:product': 'with subscription:created (a subscription is for one product: same data)',
  'subscription:renewed':
    'the clock passes the end of a period (or of the trial): a new period starts, charged as a new paid order',
  'subscription:renewed:product': 'with subscription:renewed',
  'subscription:updated': "with renewed and cancelled: the subscription's status or period changed",
  'subscription:updated:product': 'with subscription:updated',
  'subscription:cancelled':
    'POST /_emulator/subscriptions/:id/cancel (status CANCELLED, canceled_at set; it never renews)',
  'subscription:cancelled:product': 'with subscription:cancelled',
  'subscription:trial:ended':
    "the clock passes a trial's end: the subscription turns ACTIVE and its first period is charged (renewed follows)",
  'subscription:trial:ended:product': 'with subscription:trial:ended',
  'subscription:upcoming':
    'the emulator clock (POST /_emulator/clock/advance) reaches 3 days before the end of a period: a notice ahead of the charge',
  'subscription:upcoming:product': 'with subscription:upcoming',
  [DYNAMIC_DELIVERY_EVENT]:
    "payment of an order with a Dynamic line: POSTed to the product's Dynamic Webhook URL (not to webhook endpoints), once per line item; its 2xx answer is the delivery",
} as const

/** Every kind with a payload schema and a sample in `fixtures/events/`. */
export type EventKind = keyof typeof TRIGGERS
export const EVENT_TRIGGERS: Record<EventKind, string> = TRIGGERS
export const ALL_EVENT_KINDS = Object.keys(TRIGGERS) as EventKind[]

/** The kinds a webhook endpoint can subscribe to (all but the dynamic delivery). */
export type WebhookEventKind = Exclude<EventKind, typeof DYNAMIC_DELIVERY_EVENT>
export const WEBHOOK_EVENT_KINDS = ALL_EVENT_KINDS.filter((k): k is WebhookEventKind => k !== DYNAMIC_DELIVERY_EVENT)

const ofCategory = <P extends string>(prefix: P) =>
  ALL_EVENT_KINDS.filter((k): k is Extract<EventKind, `${P}:${string}`> => k.startsWith(`${prefix}:`))
export const ORDER_EVENT_KINDS = ofCategory('order')
export const QUERY_EVENT_KINDS = ofCategory('query')
export const FEEDBACK_EVENT_KINDS = ofCategory('feedback')
export const PRODUCT_EVENT_KINDS = ofCategory('product')
export const SUBSCRIPTION_EVENT_KINDS = ofCategory('subscription')
export type ProductEventKind = (typeof PRODUCT_EVENT_KINDS)[number]
export type QueryEventKind = (typeof QUERY_EVENT_KINDS)[number]
export type FeedbackEventKind = (typeof FEEDBACK_EVENT_KINDS)[number]

/** The variant of a kind fired once per line item (orders) or subscribed product (subscriptions). */
export type LineVariant<K extends string> = `${K}:product`
/** Order kinds fired once per order; each has its `:product` variant. */
export type OrderKind = Exclude<(typeof ORDER_EVENT_KINDS)[number], LineVariant<string>>
/** Subscription kinds fired once per subscription; each has its `:product` variant. */
export type SubscriptionKind = Exclude<(typeof SUBSCRIPTION_EVENT_KINDS)[number], LineVariant<string>>

export type EventCategory = 'order' | 'query' | 'feedback' | 'product' | 'mystery' | 'subscription' | 'dynamic'

export function isWebhookEventKind(kind: string): kind is WebhookEventKind {
  return (WEBHOOK_EVENT_KINDS as readonly string[]).includes(kind)
}

export function isEventKind(kind: string): kind is EventKind {
  return (ALL_EVENT_KINDS as readonly string[]).includes(kind)
}

/** Which payload table of the spec a kind's `data` follows. */
export function categoryOf(kind: EventKind): EventCategory {
  if (kind === DYNAMIC_DELIVERY_EVENT) return 'dynamic'
  if (kind === 'product:mystery:revealed') return 'mystery'
  return kind.slice(0, kind.indexOf(':')) as EventCategory
}

/** A `:product` variant of an order or subscription kind (one event per line item or subscribed product). */
export function isLineVariant(kind: string): boolean {
  return kind.endsWith(':product') && (kind.startsWith('order:') || kind.startsWith('subscription:'))
}

/** Every kind for reading: each plain kind followed by its `:product` variant, categories in the spec's order. */
export const EVENT_KINDS_IN_READING_ORDER: readonly EventKind[] = ALL_EVENT_KINDS.flatMap((kind): EventKind[] => {
  if (isLineVariant(kind)) return []
  const variant = `${kind}:product`
  return isEventKind(variant) ? [kind, variant] : [kind]
})

/** Sample file of a kind: `:` swapped for `.` (STYLE.md, "Naming"). */
export function fixtureFileOf(kind: EventKind): string {
  return `${kind.replaceAll(':', '.')}.json`
}

/** The headers every webhook request carries, and no others of the sender's own (spec, "Request"). */
export const WEBHOOK_HEADERS = { 'Content-Type': 'application/json', 'User-Agent': 'Service-Webhook/1.0' } as const
/** Timeout per delivery (spec, "Delivery rules" 2). */
export const WEBHOOK_TIMEOUT_MS = 15_000

/** A webhook body for an event (spec, "Request"): `{ event, data, timestamp, source }`. */
export function webhookBody(kind: WebhookEventKind, data: unknown, at: Date) {
  return { event: kind, data: data as Record<string, unknown>, timestamp: at.toISOString(), source: 'service' as const }
}
