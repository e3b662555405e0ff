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

const OrderLineRowSchema = z.object(OrderItemSchema.shape)

export const ROW_SCHEMAS = {
  /** Emulator-wide settings that survive restarts: the last event's sequence number. */
  meta: z.object({
    id: z.literal('meta'),
    /**
     * The clock offset of a db from before each account had a clock of its own: the next start
     * gives it to every account and drops it from here (docs/storefront.md, "Test clocks").
     */
    clockOffsetMs: z.number().optional(),
    eventSeq: z.number().int().nonnegative(),
  }),
  accounts: z.object({
    id: Id,
    name: z.string(),
    createdAt: TimestampSchema,
    /** How far the account moved its own clock (`POST /_emulator/clock/advance`), in ms; absent: not moved. */
    clockOffsetMs: z.number().optional(),
    /** A restore (of `state`) or deletion done in steps and not finished yet: the next start finishes it. */
    unfinished: z.object({ operation: z.enum(['restore', 'delete']), state: z.string().optional() }).optional(),
  }),
  shops: z.object({
    ...ShopSchema.shape,
    slug: Id,
    accountId: Id,
    /** The highest order number given out in the shop (`ORD-<n>`). */
    orderSeq: z.number().int().nonnegative(),
  }),
  keys: z.object({
    ...ApiKeySchema.omit({ secret: true }).shape,
    accountId: Id,
    /** SHA-256 of the secret, which is never stored. */
    hash: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  products: z.object({ ...ProductSchema.shape, ...ShopId }),
  /** Dashboard-only product setup (`PUT /_emulator/products/:id/fulfilment`); id = the product's id. */
  fulfilments: z.object({
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
  }),
  /**
   * One unused code of a product's serial pool (id `<productId>:<position>`). Codes are rows of their
   * own, ordered per product by `position`, so a sale deletes a few small rows instead of rewriting
   * the pool.
   */
  serials: z.object({
    id: Id,
    ...ShopId,
    productId: Id,
    code: z.string().min(1),
    position: z.number().int().nonnegative(),
  }),
  /**
   * A code delivered to a buyer (id `<productId>:<code>`), serial or mystery: a setup may not bring
   * one back (every code is delivered once).
   */
  deliveredCodes: z.object({
    id: Id,
    ...ShopId,
    productId: Id,
    code: z.string().min(1),
    deliveredAt: TimestampSchema,
  }),
  orders: z.object({
    ...OrderSchema.shape,
    items: z.array(OrderLineRowSchema),
    ...ShopId,
    /** The shop's customer of the order's e-mail; null for orders seeded before any customer. */
    customerId: z.string().nullable(),
  }),
  coupons: z.object({ ...CouponSchema.shape, ...ShopId }),
  blacklists: z.object({ ...BlacklistEntrySchema.shape, ...ShopId }),
  /** A category as stored: its bound products and groups by id (the API shows them resolved). */
  categories: z.object({
    ...CategorySchema.omit({ products: true, groups: true }).shape,
    ...ShopId,
    productIds: z.array(z.string()),
    groupIds: z.array(z.string()),
    updatedAt: TimestampSchema,
  }),
  /** A group as stored: its bound products by id (the API shows them resolved). */
  groups: z.object({
    ...GroupSchema.omit({ products: true }).shape,
    ...ShopId,
    productIds: z.array(z.string()),
  }),
  customers: z.object({
    ...CustomerSchema.shape,
    ...ShopId,
    /** The merchant's notes, shown by the single-customer read only. */
    notes: CustomerDetailSchema.shape.notes,
  }),
  subscriptions: z.object({
    ...SubscriptionSchema.shape,
    ...SubscriptionBillingSchema.shape,
    ...ShopId,
  }),
  /** A shop's theme as stored: the config and the stylesheet (the API adds the shop's slug and the files). */
  themes: z.object({
    ...ThemeSchema.omit({ shopSlug: true, files: true }).shape,
    ...ShopId,
    css: z.string(),
    createdAt: TimestampSchema,
  }),
  /** One entry of the ordered event log: `seq` grows by one per event of the emulator (SSE ids, resume). */
  events: z.object({
    id: Id,
    seq: z.number().int().positive(),
    ...ShopId,
    accountId: Id,
    kind: WebhookEventKindSchema,
    data: AnyObject,
    createdAt: TimestampSchema,
  }),
  /** A webhook endpoint of a shop (`/_emulator/webhooks`); `chaosDraws`: how many events its chaos has drawn for. */
  webhooks: z.object({
    ...WebhookSchema.shape,
    ...ShopId,
    chaosDraws: z.number().int().nonnegative().optional(),
  }),
  deliveries: z.object({ ...WebhookDeliverySchema.shape, ...ShopId }),
  /**
   * The server seed a mystery-box order line was bound to at checkout, kept apart from the order
   * until payment so no view of an unpaid order can show it (id = the order item's id).
   */
  seals: z.object({
    id: Id,
    ...ShopId,
    orderId: Id,
    productId: Id,
    serverSeed: z.string().regex(/^[0-9a-f]{64}$/),
    createdAt: TimestampSchema,
  }),
  queries: z.object({ ...QuerySchema.shape, ...ShopId }),
  feedback: z.object({ ...FeedbackSchema.shape, ...ShopId, customerId: z.string().nullable() }),
} as const

type Row<K extends keyof typeof ROW_SCHEMAS> = z.infer<(typeof ROW_SCHEMAS)[K]>
export type OrderLineRecord = z.infer<typeof OrderLineRowSchema>
export type MetaRecord = Row<'meta'>
export type AccountRecord = Row<'accounts'>
export type ShopRecord = Row<'shops'>
export type KeyRecord = Row<'keys'>
export type ProductRecord = Row<'products'>
export type FulfilmentRecord = Row<'fulfilments'>
export type SerialRecord = Row<'serials'>
export type DeliveredCodeRecord = Row<'deliveredCodes'>
export type OrderRecord = Row<'orders'>
export type CouponRecord = Row<'coupons'>
export type BlacklistRecord = Row<'blacklists'>
export type CategoryRecord = Row<'categories'>
export type GroupRecord = Row<'groups'>
export type CustomerRecord = Row<'customers'>
export type SubscriptionRecord = Row<'subscriptions'>
export type ThemeRecord = Row<'themes'>
export type EventRecord = Row<'events'>
export type WebhookRecord = Row<'webhooks'>
export type DeliveryRecord = Row<'deliveries'>
export type SealRecord = Row<'seals'>
export type QueryRecord = Row<'queries'>
export type FeedbackRecord = Row<'feedback'>
