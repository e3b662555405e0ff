import * as z from 'zod'
import { categoryOf, WEBHOOK_EVENT_KINDS, DYNAMIC_DELIVERY_EVENT, isWebhookEventKind } from './event-kinds.js'
import type { EventCategory } from './event-kinds.js'
import { PRODUCT_TYPES } from './constants.js'
import type { ProductType } from './products.js'

/**
 * A zod schema per payload category of the spec ("Events"). `store webhooks validate|receive`,
 * the emulator and the tests all check payloads with these. The kinds themselves are in
 * event-kinds.ts, re-exported here.
 */
export * from './event-kinds.js'

export const WebhookEventKindSchema = z.enum(WEBHOOK_EVENT_KINDS)

// Payload schemas. Records are loose (a payload may carry more than the spec lists); every field
// of the spec's tables is required with the type the spec gives. `data` timestamps are Unix
// seconds; the top-level `timestamp` is ISO 8601 (spec, "Delivery rules" 5).

const UnixSeconds = z.number().int().nonnegative()
const UnixSecondsOrNull = UnixSeconds.nullable()
const NullableString = z.string().nullable()
const Money = z.number()
const UpperProductType = z.enum(PRODUCT_TYPES.map((type) => type.toUpperCase() as Uppercase<ProductType>))

export const IpInfoSchema = z.object({
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
export const ProductEventDataSchema = z.object({
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
  volume_discounts: z.array(z.object({ type: z.string(), value: z.number(), quantity: z.number().int() })),
  created_at: UnixSeconds,
  updated_at: UnixSeconds,
})
export type ProductEventData = z.infer<typeof ProductEventDataSchema>

export const DeliveryInfoSchema = z.object({
  downloads: z.array(z.string()),
  license_keys: z.array(z.string()),
  external_urls: z.array(z.string()),
  tracking_codes: z.array(z.string()),
})

export const StatusHistoryEntrySchema = z.object({ status: z.string(), created_at: UnixSeconds })

/** Order data: every order:* kind (spec, "Order data"). */
export const OrderEventDataSchema = z.object({
  id: z.number().int(),
  uniqid: z.string(),
  type: z.string(),
  subtype: NullableString,
  origin: z.string(),
  total: Money,
  total_display: z.string(),
  currency: z.string().length(3),
  exchange_rate: z.number(),
  discount: Money,
  fee_percentage: z.number(),
  fee_breakdown: z.array(z.object({ name: z.string(), amount: Money })),
  discount_breakdown: z.array(z.object({ type: z.string(), amount: Money })),
  shop_id: z.number().int(),
  name: z.string(),
  customer_email: z.string(),
  customer_id: NullableString,
  product_id: z.string(),
  product_title: z.string(),
  product_type: UpperProductType,
  quantity: z.number().int(),
  subscription_id: NullableString,
  subscription_time: z.number().int().nullable(),
  custom_fields: z.record(z.string(), z.unknown()),
  gateway: z.string(),
  gateway_data: z.object({ type: z.string(), label: z.string(), payment_reference: NullableString }),
  processor_id: NullableString,
  wallet_order_id: NullableString,
  country: NullableString,
  location: NullableString,
  ip: NullableString,
  is_vpn_or_proxy: z.boolean(),
  ip_info: IpInfoSchema,
  status: z.string().regex(/^[A-Z_]+$/, 'must be upper case'),
  status_history: z.array(StatusHistoryEntrySchema),
  status_history_raw: z.array(z.object({ status: z.string(), paymentStatus: z.string().optional(), at: z.string() })),
  created_at: UnixSeconds,
  updated_at: UnixSeconds,
  product: ProductEventDataSchema,
  products: z.array(
    z.object({
      uniqid: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      price: Money,
      currency: z.string(),
    }),
  ),
  delivery_info: DeliveryInfoSchema,
  delivery: z.record(z.string(), z.unknown()).nullable(),
  total_conversions: z.object({ crypto: z.record(z.string(), z.number()) }).catchall(z.unknown()),
})
export type OrderEventData = z.infer<typeof OrderEventDataSchema>

/** Subscription data: every subscription:* kind (spec, "Subscription data"). */
export const SubscriptionEventDataSchema = z.object({
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
export const MysteryRevealedDataSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  productId: z.string(),
  productName: z.string(),
})
export type MysteryRevealedData = z.infer<typeof MysteryRevealedDataSchema>

export const QueryEventDataSchema = z.object({
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

export const FeedbackEventDataSchema = z.object({
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
export const DynamicDeliveryPayloadSchema = z.object({
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
  customer: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    chat_id: NullableString,
    chat_username: NullableString,
  }),
  coupon: z.object({ id: z.string(), code: z.string(), discount: Amount, type: z.string() }).nullable(),
  item: z.object({
    id: z.string(),
    invoice_id: z.string(),
    product_id: z.string(),
    status: z.string(),
    price: Amount,
    quantity: z.number().int().positive(),
    total_price: Amount,
    custom_fields: z.record(z.string(), z.unknown()),
    product: z.object({ id: z.string(), name: z.string() }),
  }),
})
export type DynamicDeliveryPayload = z.infer<typeof DynamicDeliveryPayloadSchema>

const EVENT_DATA_SCHEMAS: Record<Exclude<EventCategory, 'dynamic'>, z.ZodType> = {
  order: OrderEventDataSchema,
  subscription: SubscriptionEventDataSchema,
  product: ProductEventDataSchema,
  mystery: MysteryRevealedDataSchema,
  query: QueryEventDataSchema,
  feedback: FeedbackEventDataSchema,
}

/** The webhook request body (spec, "Request"): `event` and `data` required, `timestamp` ISO 8601, `source` the constant `service`. */
export const WebhookBodySchema = z.object({
  event: z.string(),
  data: z.record(z.string(), z.unknown()),
  timestamp: IsoTime.optional(),
  source: z.literal('service').optional(),
})
export type WebhookBody = z.infer<typeof WebhookBodySchema>

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
    const result = EVENT_DATA_SCHEMAS[categoryOf(event) as Exclude<EventCategory, 'dynamic'>].safeParse(data)
    if (!result.success) problems.push(...issuesOf(result.error, 'data'))
  }
  return { kind: event, ok: problems.length === 0, problems }
}
