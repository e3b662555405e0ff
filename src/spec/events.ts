import { z } from 'zod'

/**
 * Every event kind of the spec ("Events", "Event kinds"), the operation of the emulator that fires
 * it, and a zod schema per payload category. `store webhooks validate|receive`, the emulator and
 * the tests all check payloads with these.
 */

export const ORDER_EVENT_KINDS = [
  'order:created',
  'order:updated',
  'order:partial',
  'order:paid',
  'order:paid:product',
  'order:cancelled',
  'order:disputed',
  'order:cancelled:product',
  'order:disputed:product',
  'order:created:product',
  'order:partial:product',
  'order:updated:product',
] as const
export const QUERY_EVENT_KINDS = ['query:created', 'query:replied'] as const
export const FEEDBACK_EVENT_KINDS = ['feedback:received'] as const
/** product:deleted and product:stock:low are named only by the spec's product data description; the emulator fires them too. */
export const PRODUCT_EVENT_KINDS = [
  'product:created',
  'product:edited',
  'product:deleted',
  'product:stock',
  'product:stock:low',
  'product:dynamic',
  'product:mystery:revealed',
] as const
export const SUBSCRIPTION_EVENT_KINDS = [
  'subscription:trial:started',
  'subscription:trial:started:product',
  'subscription:created',
  'subscription:created:product',
  'subscription:renewed',
  'subscription:renewed:product',
  'subscription:updated',
  'subscription:updated:product',
  'subscription:cancelled',
  'subscription:cancelled:product',
  'subscription:trial:ended',
  'subscription:trial:ended:product',
  'subscription:upcoming',
  'subscription:upcoming:product',
] as const

/** The kinds a webhook endpoint can subscribe to (all but the dynamic delivery). */
export const WEBHOOK_EVENT_KINDS = [
  ...ORDER_EVENT_KINDS,
  ...QUERY_EVENT_KINDS,
  ...FEEDBACK_EVENT_KINDS,
  ...PRODUCT_EVENT_KINDS,
  ...SUBSCRIPTION_EVENT_KINDS,
] as const
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number]
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number]
export type ProductEventKind = (typeof PRODUCT_EVENT_KINDS)[number]
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number]
export type QueryEventKind = (typeof QUERY_EVENT_KINDS)[number]
export type FeedbackEventKind = (typeof FEEDBACK_EVENT_KINDS)[number]

/** The variant of a kind fired once per line item (orders) or subscribed product (subscriptions). */
export type LineVariant<K extends string> = `${K}:product`
/** Order kinds fired once per order; each has its `:product` variant. */
export type OrderKind = Exclude<OrderEventKind, LineVariant<string>>
/** Subscription kinds fired once per subscription; each has its `:product` variant. */
export type SubscriptionKind = Exclude<SubscriptionEventKind, LineVariant<string>>

/** Sent to a Dynamic product's own URL once per line item, not to webhook endpoints (spec, "Events"). */
export const DYNAMIC_DELIVERY_EVENT = 'INVOICE.ITEM.DELIVER-DYNAMIC' as const

/** Every kind with a payload schema and a sample in `fixtures/events/`. */
export const ALL_EVENT_KINDS = [...WEBHOOK_EVENT_KINDS, DYNAMIC_DELIVERY_EVENT] as const
export type EventKind = (typeof ALL_EVENT_KINDS)[number]

export const WebhookEventKindSchema = z.enum(WEBHOOK_EVENT_KINDS)

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

/** What fires each kind in the emulator (README, "Events"; `store webhooks events`). */
export const EVENT_TRIGGERS: Record<EventKind, string> = {
  'order:created':
    'checkout creates an order (POST /storefront/:shop/checkout, also from the embed); the order is pending and unpaid',
  'order:created:product': "with order:created, once per line item (that line's product as product)",
  'order:updated':
    'PUT /api/v1/orders/:id with a new status (also with order:cancelled), tracking added (POST /_emulator/orders/:id/tracking), a Dynamic line delivered after payment, a delivery retried (POST /_emulator/orders/:id/deliver)',
  'order:updated:product': 'with order:updated, once per line item',
  'order:partial': 'a payment below the amount due (POST /_emulator/orders/:id/pay with amount)',
  'order:partial:product': 'with order:partial, once per line item',
  'order:paid':
    'the order is paid in full (POST /_emulator/orders/:id/pay, or the rest after a partial payment); fires after fulfilment ran, with the deliveries',
  'order:paid:product': "with order:paid, once per line item, with that line's delivery",
  'order:cancelled': 'PUT /api/v1/orders/:id with status cancelled (after order:updated)',
  'order:cancelled:product': 'with order:cancelled, once per line item',
  'order:disputed': 'POST /_emulator/orders/:id/dispute (paymentStatus disputed)',
  'order:disputed:product': 'with order:disputed, once per line item',
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
  'subscription:created':
    'payment of an order with a Subscription line: the subscription starts (ACTIVE, or TRIALING with a trial)',
  'subscription:created:product': 'with subscription:created (a subscription is for one product: same data)',
  'subscription:trial:started': "with subscription:created, when the product's plan has trial days (status TRIALING)",
  'subscription:trial:started:product': 'with subscription:trial:started',
  'subscription:upcoming':
    'the emulator clock (POST /_emulator/clock/advance) reaches 3 days before the end of a period: a notice ahead of the charge',
  'subscription:upcoming:product': 'with subscription:upcoming',
  'subscription:trial:ended':
    "the clock passes a trial's end: the subscription turns ACTIVE and its first period is charged (renewed follows)",
  'subscription:trial:ended:product': 'with subscription:trial:ended',
  'subscription:renewed':
    'the clock passes the end of a period (or of the trial): a new period starts, charged as a new paid order',
  'subscription:renewed:product': 'with subscription:renewed',
  'subscription:updated': "with renewed and cancelled: the subscription's status or period changed",
  'subscription:updated:product': 'with subscription:updated',
  'subscription:cancelled':
    'POST /_emulator/subscriptions/:id/cancel (status CANCELLED, canceled_at set; it never renews)',
  'subscription:cancelled:product': 'with subscription:cancelled',
  [DYNAMIC_DELIVERY_EVENT]:
    "payment of an order with a Dynamic line: POSTed to the product's Dynamic Webhook URL (not to webhook endpoints), once per line item; its 2xx answer is the delivery",
}

// ---------------------------------------------------------------------------------------------
// Payload schemas. Records are loose (a payload may carry more than the spec lists); every field
// of the spec's tables is required with the type the spec gives. `data` timestamps are Unix
// seconds; the top-level `timestamp` is ISO 8601 (spec, "Delivery rules" 5).

const UnixSeconds = z.number().int().nonnegative()
const UnixSecondsOrNull = UnixSeconds.nullable()
const NullableString = z.string().nullable()
const Money = z.number()
const UpperProductType = z.enum([
  'SERVICE',
  'DIGITAL',
  'PHYSICAL',
  'SERIAL',
  'SUBSCRIPTION',
  'INFOCARD',
  'DYNAMIC',
  'MYSTERYBOX',
])

export const IpInfoSchema = z.looseObject({
  country_code: NullableString,
  city: NullableString,
  isp: NullableString,
  region: NullableString,
  device: NullableString,
  browser: NullableString,
  vpn: z.boolean(),
  proxy: z.boolean(),
  tor: z.boolean(),
})
export type IpInfo = z.infer<typeof IpInfoSchema>

/** Product data: product:created, product:edited, product:deleted, product:stock, product:stock:low, product:dynamic; also `product` in order and subscription data. */
export const ProductEventDataSchema = z.looseObject({
  id: z.string(),
  uniqid: z.string(),
  shop_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  product_type: UpperProductType,
  price: Money,
  price_display: z.string(),
  currency: z.string().length(3),
  quantity_min: z.number().int(),
  quantity_max: z.number().int(),
  stock: z.number().int(),
  stock_warning: z.number().int(),
  gateways: z.array(z.string()),
  image_name: NullableString,
  image_storage: NullableString,
  unlisted: z.boolean(),
  sort_priority: z.number().int(),
  volume_discounts: z.array(z.looseObject({ type: z.string(), value: z.number(), quantity: z.number().int() })),
  created_at: UnixSeconds,
  updated_at: UnixSeconds,
})
export type ProductEventData = z.infer<typeof ProductEventDataSchema>

export const DeliveryInfoSchema = z.looseObject({
  downloads: z.array(z.string()),
  license_keys: z.array(z.string()),
  external_urls: z.array(z.string()),
  tracking_codes: z.array(z.string()),
})

export const StatusHistoryEntrySchema = z.looseObject({ status: z.string(), created_at: UnixSeconds })

/** Order data: every order:* kind (spec, "Order data"). */
export const OrderEventDataSchema = z.looseObject({
  // Identifiers
  id: z.number().int(),
  uniqid: z.string(),
  type: z.string(),
  subtype: NullableString,
  origin: z.string(),
  // Amounts
  total: Money,
  total_display: z.string(),
  currency: z.string().length(3),
  exchange_rate: z.number(),
  discount: Money,
  fee_percentage: z.number(),
  fee_breakdown: z.array(z.looseObject({ name: z.string(), amount: Money })),
  discount_breakdown: z.array(z.looseObject({ type: z.string(), amount: Money })),
  // Shop and customer
  shop_id: z.number().int(),
  name: z.string(),
  customer_email: z.string(),
  customer_id: NullableString,
  // Product
  product_id: z.string(),
  product_title: z.string(),
  product_type: UpperProductType,
  quantity: z.number().int(),
  subscription_id: NullableString,
  subscription_time: z.number().int().nullable(),
  // Metadata
  custom_fields: z.record(z.string(), z.unknown()),
  // Gateway
  gateway: z.string(),
  gateway_data: z.looseObject({ type: z.string(), label: z.string(), payment_reference: NullableString }),
  processor_id: NullableString,
  wallet_order_id: NullableString,
  // Location
  country: NullableString,
  location: NullableString,
  ip: NullableString,
  is_vpn_or_proxy: z.boolean(),
  ip_info: IpInfoSchema,
  // Status
  status: z.string().regex(/^[A-Z_]+$/, 'must be upper case'),
  status_history: z.array(StatusHistoryEntrySchema),
  status_history_raw: z.array(
    z.looseObject({ status: z.string(), paymentStatus: z.string().optional(), at: z.string() }),
  ),
  created_at: UnixSeconds,
  updated_at: UnixSeconds,
  // Nested
  product: ProductEventDataSchema,
  products: z.array(
    z.looseObject({
      uniqid: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      price: Money,
      currency: z.string(),
    }),
  ),
  delivery_info: DeliveryInfoSchema,
  delivery: z.record(z.string(), z.unknown()).nullable(),
  total_conversions: z.looseObject({ crypto: z.record(z.string(), z.number()) }).catchall(z.unknown()),
})
export type OrderEventData = z.infer<typeof OrderEventDataSchema>

/** Subscription data: every subscription:* kind (spec, "Subscription data"). */
export const SubscriptionEventDataSchema = z.looseObject({
  id: z.string(),
  uniqid: z.string(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  product_id: z.string(),
  product_uniqid: z.string(),
  product_title: z.string(),
  product_type: UpperProductType,
  customer_id: z.string(),
  customer_email: z.string(),
  subscription_id: z.string(),
  processor_subscription_id: z.string(),
  processor_price_id: z.string(),
  subscription_status: z.string(),
  amount: z.union([z.number(), z.string()]),
  amount_display: z.string(),
  currency: z.string().length(3),
  quantity: z.union([z.number(), z.string()]),
  billing_interval: z.string(),
  recurring_interval_count: z.number().int(),
  current_period_start: UnixSeconds,
  current_period_end: UnixSeconds,
  trial_start: UnixSecondsOrNull,
  trial_end: UnixSecondsOrNull,
  gateway: z.string(),
  country: NullableString,
  ip: NullableString,
  ip_info: IpInfoSchema,
  created_at: UnixSeconds,
  updated_at: UnixSecondsOrNull,
  canceled_at: UnixSecondsOrNull,
  product: ProductEventDataSchema,
})
export type SubscriptionEventData = z.infer<typeof SubscriptionEventDataSchema>

/** product:mystery:revealed: all required strings (spec, "product:mystery:revealed data"). */
export const MysteryRevealedDataSchema = z.looseObject({
  orderId: z.string(),
  orderNumber: z.string(),
  productId: z.string(),
  productName: z.string(),
})
export type MysteryRevealedData = z.infer<typeof MysteryRevealedDataSchema>

export const QueryEventDataSchema = z.looseObject({
  id: z.string(),
  ticket_id: z.string(),
  shop_id: z.number().int(),
  customer_email: z.string(),
  customer_id: NullableString,
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  reply_count: z.number().int().nonnegative(),
  created_at: UnixSeconds,
  updated_at: UnixSeconds,
})
export type QueryEventData = z.infer<typeof QueryEventDataSchema>

export const FeedbackEventDataSchema = z.looseObject({
  id: z.string(),
  shop_id: z.number().int(),
  product_id: z.string(),
  product_title: z.string(),
  order_id: z.string(),
  customer_email: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  created_at: UnixSeconds,
})
export type FeedbackEventData = z.infer<typeof FeedbackEventDataSchema>

const Amount = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be an amount as a string, e.g. "9.50"')
const IsoTime = z.iso.datetime({ offset: true })

/**
 * The body POSTed to a Dynamic product's URL (spec, "INVOICE.ITEM.DELIVER-DYNAMIC payload"):
 * `event` at the top level and no `data` wrapper; ISO 8601 timestamps; amounts as strings.
 */
export const DynamicDeliveryPayloadSchema = z.looseObject({
  event: z.literal(DYNAMIC_DELIVERY_EVENT),
  id: z.string(),
  order_number: z.string(),
  unique_id: z.string(),
  shop_customer_id: z.string(),
  coupon_id: z.string().nullable(),
  coupon_discount: Amount,
  gateway_fee: Amount,
  created_at: IsoTime,
  updated_at: IsoTime,
  gateway: z.string(),
  email: z.string(),
  status: z.string().regex(/^[a-z_]+$/, 'must be lower case, e.g. completed'),
  price: Amount,
  currency: z.string().length(3),
  amount: z.number().int().positive(),
  custom_fields: z.record(z.string(), z.unknown()),
  customer: z.looseObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    chat_id: NullableString,
    chat_username: NullableString,
  }),
  coupon: z.looseObject({ id: z.string(), code: z.string(), discount: Amount, type: z.string() }).nullable(),
  item: z.looseObject({
    id: z.string(),
    invoice_id: z.string(),
    product_id: z.string(),
    status: z.string(),
    price: Amount,
    quantity: z.number().int().positive(),
    total_price: Amount,
    custom_fields: z.record(z.string(), z.unknown()),
    product: z.looseObject({ id: z.string(), name: z.string() }),
  }),
})
export type DynamicDeliveryPayload = z.infer<typeof DynamicDeliveryPayloadSchema>

/** The `data` schema of a kind. */
export const EVENT_DATA_SCHEMAS: Record<Exclude<EventCategory, 'dynamic'>, z.ZodType> = {
  order: OrderEventDataSchema,
  subscription: SubscriptionEventDataSchema,
  product: ProductEventDataSchema,
  mystery: MysteryRevealedDataSchema,
  query: QueryEventDataSchema,
  feedback: FeedbackEventDataSchema,
}

export function dataSchemaOf(kind: WebhookEventKind): z.ZodType {
  return EVENT_DATA_SCHEMAS[categoryOf(kind) as Exclude<EventCategory, 'dynamic'>]
}

/** The webhook request body (spec, "Request"): `event` and `data` required, `timestamp` ISO 8601, `source` the constant `service`. */
export const WebhookBodySchema = z.looseObject({
  event: z.string(),
  data: z.record(z.string(), z.unknown()),
  timestamp: IsoTime.optional(),
  source: z.literal('service').optional(),
})
export type WebhookBody = z.infer<typeof WebhookBodySchema>

/** The headers every webhook request carries, and no others of the sender's own (spec, "Request"). */
export const WEBHOOK_HEADERS = { 'Content-Type': 'application/json', 'User-Agent': 'Service-Webhook/1.0' } as const
/** `source` of every webhook body. */
export const WEBHOOK_SOURCE = 'service' as const
/** Timeout per delivery (spec, "Delivery rules" 2). */
export const WEBHOOK_TIMEOUT_MS = 15_000

/** A webhook body for an event: `{ event, data, timestamp, source }`. */
export function webhookBody(kind: WebhookEventKind, data: unknown, at: Date): WebhookBody {
  return { event: kind, data: data as Record<string, unknown>, timestamp: at.toISOString(), source: WEBHOOK_SOURCE }
}

export interface PayloadCheck {
  /** The kind the payload says it is, when it names one. */
  kind?: string
  ok: boolean
  /** `path: message` per problem; empty when ok. */
  problems: string[]
}

function issuesOf(error: z.ZodError, prefix: string): string[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.')
    return `${path || '(body)'}: ${issue.message}`
  })
}

/**
 * Checks a whole webhook body (or an INVOICE.ITEM.DELIVER-DYNAMIC body) against the spec's
 * schemas: the envelope, the kind, and the `data` of that kind's category.
 * @example validateWebhookPayload(JSON.parse(text)).problems // ['data.total: Invalid input: expected number, received string']
 */
export function validateWebhookPayload(body: unknown): PayloadCheck {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, problems: ['(body): must be a JSON object'] }
  const event = (body as { event?: unknown }).event
  if (event === DYNAMIC_DELIVERY_EVENT) {
    const result = DynamicDeliveryPayloadSchema.safeParse(body)
    return { kind: event, ok: result.success, problems: result.success ? [] : issuesOf(result.error, '') }
  }
  const envelope = WebhookBodySchema.safeParse(body)
  const problems = envelope.success ? [] : issuesOf(envelope.error, '')
  if (typeof event !== 'string') return { ok: false, problems }
  if (!isWebhookEventKind(event))
    return {
      kind: event,
      ok: false,
      problems: [...problems, `event: "${event}" is not an event kind of the spec (run store webhooks events)`],
    }
  const data = (body as { data?: unknown }).data
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const result = dataSchemaOf(event).safeParse(data)
    if (!result.success) problems.push(...issuesOf(result.error, 'data'))
  }
  return { kind: event, ok: problems.length === 0, problems }
}
