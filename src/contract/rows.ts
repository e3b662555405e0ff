import { z } from 'zod'
import { BlacklistEntrySchema } from './blacklists.js'
import { CategorySchema } from './categories.js'
import { TimestampSchema } from './common.js'
import { CouponSchema } from './coupons.js'
import { CustomerDetailSchema, CustomerSchema } from './customers.js'
import { WebhookEventKindSchema } from './events.js'
import { SubscriptionPlanSchema } from './fulfilment.js'
import { GroupSchema } from './groups.js'
import { MysteryOutcomeSchema } from './mystery.js'
import { OrderItemSchema, OrderSchema } from './orders.js'
import { ProductSchema } from './products.js'
import { ApiKeySchema, ShopSchema } from './shops.js'
import { FeedbackSchema, QuerySchema } from './storefront.js'
import { SubscriptionBillingSchema, SubscriptionSchema } from './subscriptions.js'
import { ThemeSchema } from './themes.js'
import { WebhookDeliverySchema, WebhookSchema } from './webhooks.js'

/**
 * What the db holds, one zod schema per collection: the API's record schema with the internal
 * fields routes never show, or the row's own schema where the API has none. Checked when a row is
 * written and when a db file the store did not vouch for is loaded. Unknown fields are not
 * refused (a db written by another version loads), but the record types name every field there is.
 */

const Id = z.string().min(1)
const ShopId = { shopId: Id }

/**
 * A JSON object of any shape, or an array of strings, checked by type only: event payloads are
 * built by the spec's own payload builders and mystery code pools hold up to 100,000 codes, and
 * walking them on every write would cost more than the write itself.
 */
const AnyObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'Invalid input: expected an object',
)
const CodeList = z.custom<string[]>((value) => Array.isArray(value), 'Invalid input: expected an array of codes')

export const AccountRowSchema = z.object({
  id: Id,
  name: z.string(),
  createdAt: TimestampSchema,
  /** How far the account moved its own clock (`POST /_emulator/clock/advance`), in ms; absent: not moved. */
  clockOffsetMs: z.number().optional(),
  /** A restore (of `state`) or deletion done in steps and not finished yet: the next start finishes it. */
  unfinished: z.object({ operation: z.enum(['restore', 'delete']), state: z.string().optional() }).optional(),
})
export type AccountRecord = z.infer<typeof AccountRowSchema>

export const ShopRowSchema = z.object({
  ...ShopSchema.shape,
  slug: Id,
  accountId: Id,
  /** The highest order number given out in the shop (`ORD-<n>`). */
  orderSeq: z.number().int().nonnegative(),
})
export type ShopRecord = z.infer<typeof ShopRowSchema>

export const KeyRowSchema = z.object({
  ...ApiKeySchema.omit({ secret: true }).shape,
  accountId: Id,
  /** SHA-256 of the secret, which is never stored. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
})
export type KeyRecord = z.infer<typeof KeyRowSchema>

export const ProductRowSchema = z.object({ ...ProductSchema.shape, ...ShopId })
export type ProductRecord = z.infer<typeof ProductRowSchema>

export const OrderLineRowSchema = z.object(OrderItemSchema.shape)
export type OrderLineRecord = z.infer<typeof OrderLineRowSchema>

export const OrderRowSchema = z.object({
  ...OrderSchema.shape,
  items: z.array(OrderLineRowSchema),
  ...ShopId,
  /** The shop's customer of the order's e-mail; null for orders seeded before any customer. */
  customerId: z.string().nullable(),
})
export type OrderRecord = z.infer<typeof OrderRowSchema>

export const CouponRowSchema = z.object({ ...CouponSchema.shape, ...ShopId })
export type CouponRecord = z.infer<typeof CouponRowSchema>

export const BlacklistRowSchema = z.object({ ...BlacklistEntrySchema.shape, ...ShopId })
export type BlacklistRecord = z.infer<typeof BlacklistRowSchema>

/** A category as stored: its bound products and groups by id (the API shows them resolved). */
export const CategoryRowSchema = z.object({
  ...CategorySchema.omit({ products: true, groups: true }).shape,
  ...ShopId,
  productIds: z.array(z.string()),
  groupIds: z.array(z.string()),
  updatedAt: TimestampSchema,
})
export type CategoryRecord = z.infer<typeof CategoryRowSchema>

/** A group as stored: its bound products by id (the API shows them resolved). */
export const GroupRowSchema = z.object({
  ...GroupSchema.omit({ products: true }).shape,
  ...ShopId,
  productIds: z.array(z.string()),
})
export type GroupRecord = z.infer<typeof GroupRowSchema>

export const CustomerRowSchema = z.object({
  ...CustomerSchema.shape,
  ...ShopId,
  /** The merchant's notes, shown by the single-customer read only. */
  notes: CustomerDetailSchema.shape.notes,
})
export type CustomerRecord = z.infer<typeof CustomerRowSchema>

export const SubscriptionRowSchema = z.object({
  ...SubscriptionSchema.shape,
  ...SubscriptionBillingSchema.shape,
  ...ShopId,
})
export type SubscriptionRecord = z.infer<typeof SubscriptionRowSchema>

/** A shop's theme as stored: the config and the stylesheet (the API adds the shop's slug and the files). */
export const ThemeRowSchema = z.object({
  ...ThemeSchema.omit({ shopSlug: true, files: true }).shape,
  ...ShopId,
  css: z.string(),
  createdAt: TimestampSchema,
})
export type ThemeRecord = z.infer<typeof ThemeRowSchema>

/** Dashboard-only product setup (`PUT /_emulator/products/:id/fulfilment`); id = the product's id. */
export const FulfilmentRowSchema = z.object({
  id: Id,
  ...ShopId,
  deliveryMessage: z.string().optional(),
  files: z.array(z.object({ name: z.string(), url: z.string() })).optional(),
  /** The product has a serial pool (set by PUT `serials`, possibly used up): its codes are rows of `serials`. */
  serialPool: z.literal(true).optional(),
  dynamicWebhookUrl: z.string().optional(),
  mystery: z
    .object({
      serverSeed: z.string().regex(/^[0-9a-f]{64}$/),
      commitment: z.string(),
      poolVersion: z.number().int().positive(),
      outcomes: z.array(MysteryOutcomeSchema.extend({ codes: CodeList.optional() })),
    })
    .optional(),
  subscription: SubscriptionPlanSchema.required().optional(),
  updatedAt: TimestampSchema,
})
export type FulfilmentRecord = z.infer<typeof FulfilmentRowSchema>

/**
 * One unused code of a product's serial pool (id `<productId>:<position>`). Codes are rows of their
 * own, ordered per product by `position`, so a sale deletes a few small rows instead of rewriting
 * the pool.
 */
export const SerialRowSchema = z.object({
  id: Id,
  ...ShopId,
  productId: Id,
  code: z.string().min(1),
  position: z.number().int().nonnegative(),
})
export type SerialRecord = z.infer<typeof SerialRowSchema>

/**
 * A code delivered to a buyer (id `<productId>:<code>`), serial or mystery: a setup may not bring
 * one back (every code is delivered once).
 */
export const DeliveredCodeRowSchema = z.object({
  id: Id,
  ...ShopId,
  productId: Id,
  code: z.string().min(1),
  deliveredAt: TimestampSchema,
})
export type DeliveredCodeRecord = z.infer<typeof DeliveredCodeRowSchema>

/**
 * The server seed a mystery-box order line was bound to at checkout, kept apart from the order
 * until payment so no view of an unpaid order can show it (id = the order item's id).
 */
export const SealRowSchema = z.object({
  id: Id,
  ...ShopId,
  orderId: Id,
  productId: Id,
  serverSeed: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: TimestampSchema,
})
export type SealRecord = z.infer<typeof SealRowSchema>

export const QueryRowSchema = z.object({ ...QuerySchema.shape, ...ShopId })
export type QueryRecord = z.infer<typeof QueryRowSchema>

export const FeedbackRowSchema = z.object({ ...FeedbackSchema.shape, ...ShopId, customerId: z.string().nullable() })
export type FeedbackRecord = z.infer<typeof FeedbackRowSchema>

/** Emulator-wide settings that survive restarts: the last event's sequence number. */
export const MetaRowSchema = z.object({
  id: z.literal('meta'),
  /**
   * The clock offset of a db from before each account had a clock of its own: the next start
   * gives it to every account and drops it from here (docs/storefront.md, "Test clocks").
   */
  clockOffsetMs: z.number().optional(),
  eventSeq: z.number().int().nonnegative(),
})
export type MetaRecord = z.infer<typeof MetaRowSchema>

/** One entry of the ordered event log: `seq` grows by one per event of the emulator (SSE ids, resume). */
export const EventRowSchema = z.object({
  id: Id,
  seq: z.number().int().positive(),
  ...ShopId,
  accountId: Id,
  kind: WebhookEventKindSchema,
  data: AnyObject,
  createdAt: TimestampSchema,
})
export type EventRecord = z.infer<typeof EventRowSchema>

/** A webhook endpoint of a shop (`/_emulator/webhooks`); `chaosDraws`: how many events its chaos has drawn for. */
export const WebhookRowSchema = z.object({
  ...WebhookSchema.shape,
  ...ShopId,
  chaosDraws: z.number().int().nonnegative().optional(),
})
export type WebhookRecord = z.infer<typeof WebhookRowSchema>

export const DeliveryRowSchema = z.object({ ...WebhookDeliverySchema.shape, ...ShopId })
export type DeliveryRecord = z.infer<typeof DeliveryRowSchema>

export const ROW_SCHEMAS = {
  meta: MetaRowSchema,
  accounts: AccountRowSchema,
  shops: ShopRowSchema,
  keys: KeyRowSchema,
  products: ProductRowSchema,
  fulfilments: FulfilmentRowSchema,
  serials: SerialRowSchema,
  deliveredCodes: DeliveredCodeRowSchema,
  orders: OrderRowSchema,
  coupons: CouponRowSchema,
  blacklists: BlacklistRowSchema,
  categories: CategoryRowSchema,
  groups: GroupRowSchema,
  customers: CustomerRowSchema,
  subscriptions: SubscriptionRowSchema,
  themes: ThemeRowSchema,
  events: EventRowSchema,
  webhooks: WebhookRowSchema,
  deliveries: DeliveryRowSchema,
  seals: SealRowSchema,
  queries: QueryRowSchema,
  feedback: FeedbackRowSchema,
} as const
