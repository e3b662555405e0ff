import * as z from 'zod'
import { IP_ADDRESS } from './ip.js'
import {
  CountrySchema,
  EmailSchema,
  IdSchema,
  SafeObjectSchema,
  TimestampSchema,
  exactlyOneOf,
  intBetween,
  refuseLongKey,
  trimmedText,
} from './common.js'
import { LineMysterySchema, MysteryPublicSchema } from './mystery.js'
import { HandoverSchema, OrderItemSchema, OrderSchema, TrackingSchema } from './orders.js'
import { ProductListQuerySchema, ProductListSchema, ProductSchema, ProductTypeSchema } from './products.js'
import { fieldRefusal, refusal } from './refusals.js'

/** A product as the storefront shows it; a MysteryBox adds its public commitment and drop table (never seeds or codes). */
export const StorefrontProductSchema = ProductSchema.extend({ mystery: MysteryPublicSchema.optional() }).meta({
  id: 'StorefrontProduct',
})
export interface StorefrontProduct extends z.infer<typeof StorefrontProductSchema> {}
/** One page of the storefront's products; `nextCursor` fetches the next (null on the last page). */
export const StorefrontProductListSchema = ProductListSchema.extend({ products: z.array(StorefrontProductSchema) })

/** `limit` and `cursor` as `GET /api/v1/products` takes them, and `q`: only products whose name holds it. */
export const StorefrontProductQuerySchema = ProductListQuerySchema.extend({ q: z.string().max(200).optional() })
export type StorefrontProductQuery = z.output<typeof StorefrontProductQuerySchema>
export type StorefrontProductList = z.infer<typeof StorefrontProductListSchema>

export const MAX_QUANTITY = 10_000
export const MAX_LINES = 100

export const QuantitySchema = intBetween(1, MAX_QUANTITY)

export const MAX_CUSTOM_FIELDS = 50
export const MAX_CUSTOM_FIELD_NAME = 100
export const MAX_CUSTOM_FIELDS_BYTES = 8 * 1024

/**
 * The buyer's custom fields (anyone may check out, so they are bounded): at most
 * MAX_CUSTOM_FIELDS names of at most MAX_CUSTOM_FIELD_NAME characters, MAX_CUSTOM_FIELDS_BYTES as JSON.
 */
export const CustomFieldsSchema = SafeObjectSchema.meta({
  description: `at most ${MAX_CUSTOM_FIELDS_BYTES} bytes as JSON`,
  maxProperties: MAX_CUSTOM_FIELDS,
  propertyNames: { maxLength: MAX_CUSTOM_FIELD_NAME },
}).superRefine((fields, ctx) => {
  const names = Object.keys(fields)
  if (names.length > MAX_CUSTOM_FIELDS)
    ctx.addIssue({ code: 'custom', message: `must hold at most ${MAX_CUSTOM_FIELDS} fields (got ${names.length})` })
  refuseLongKey(fields, ctx, MAX_CUSTOM_FIELD_NAME, 'field names')
  const bytes = new TextEncoder().encode(JSON.stringify(fields)).length
  if (bytes > MAX_CUSTOM_FIELDS_BYTES)
    ctx.addIssue({
      code: 'custom',
      message: `must be at most ${MAX_CUSTOM_FIELDS_BYTES} bytes as JSON (got ${bytes})`,
    })
})

/**
 * Body of `POST /storefront/:shop/checkout` (DESIGN.md, "Storefront"): either `items` or a
 * `groupId` (every product of the group once). `ip` and `country` stand in for what the hosted
 * service learns from the connection; the mystery client seed rides in
 * `customFields.__mysteryClientSeed`.
 */
export const CheckoutBodySchema = exactlyOneOf(
  z.strictObject({
    items: z
      .array(
        z.strictObject({
          productId: IdSchema,
          quantity: QuantitySchema.default(1),
        }),
      )
      .min(1, 'must hold at least one item')
      .max(MAX_LINES, `must hold at most ${MAX_LINES} items`)
      .optional(),
    groupId: IdSchema.optional(),
    email: EmailSchema,
    name: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    couponCode: trimmedText(64)
      .transform((s) => s.toUpperCase())
      .optional(),
    customFields: CustomFieldsSchema.optional(),
    gateway: trimmedText(50).optional(),
    ip: z
      .string()
      .trim()
      .regex(new RegExp(`^\\s*${IP_ADDRESS}\\s*$`), 'must be an IPv4 or IPv6 address')
      .transform((s) => s.toLowerCase())
      .optional(),
    country: CountrySchema.optional(),
  }),
  ['items', 'groupId'],
  { message: 'send either items or groupId (exactly one of them)', path: ['items'] },
)
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>
export type CheckoutInput = z.input<typeof CheckoutBodySchema>

export const CheckoutResponseSchema = z.object({ order: OrderSchema, invoiceUrl: z.string() })
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>

/** One line of the invoice: the order item plus what was delivered and, for a mystery box, every verification field. */
export const InvoiceItemSchema = OrderItemSchema.omit({ taken: true, trial: true }).extend({
  productType: ProductTypeSchema.nullable(),
  delivery: HandoverSchema,
  mystery: LineMysterySchema.extend({ verification: z.array(z.string()) }).optional(),
})
export type InvoiceItem = z.infer<typeof InvoiceItemSchema>

/** `GET /storefront/:shop/invoices/:orderId` as JSON: what the buyer sees. */
export const InvoiceSchema = OrderSchema.pick({
  id: true,
  orderNumber: true,
  status: true,
  paymentStatus: true,
  currency: true,
  total: true,
  customerEmail: true,
  customerName: true,
  createdAt: true,
  paidAt: true,
})
  .extend({
    shop: z.object({ name: z.string(), slug: z.string() }),
    subtotal: z.number(),
    discount: z.number(),
    amountPaid: z.number(),
    amountDue: z.number(),
    coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
    items: z.array(InvoiceItemSchema),
    tracking: z.array(TrackingSchema),
    codesUrl: z.string(),
  })
  .meta({ id: 'Invoice' })
export type Invoice = z.infer<typeof InvoiceSchema>

export const CreateQueryBodySchema = z.strictObject({
  email: EmailSchema,
  subject: trimmedText(200),
  message: trimmedText(10_000),
  orderId: IdSchema.optional(),
})
export type CreateQueryBody = z.infer<typeof CreateQueryBodySchema>
export type CreateQueryInput = z.input<typeof CreateQueryBodySchema>

export const QueryStatusSchema = z.enum(['open', 'answered'])

export const QuerySchema = z
  .object({
    id: z.string(),
    ticketId: z.string(),
    customerEmail: z.string(),
    customerId: z.string().nullable(),
    orderId: z.string().nullable(),
    subject: z.string(),
    message: z.string(),
    status: QueryStatusSchema,
    replies: z.array(z.object({ message: z.string(), createdAt: TimestampSchema })),
    replyCount: z.number().int(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'Query' })
export interface Query extends z.infer<typeof QuerySchema> {}
export const QueryListSchema = z.object({ queries: z.array(QuerySchema) })
export type QueryList = z.infer<typeof QueryListSchema>

export const CreateFeedbackBodySchema = z.strictObject({
  rating: z.number().int('must be an integer').min(1, 'must be between 1 and 5').max(5, 'must be between 1 and 5'),
  comment: z.string().trim().max(2000, 'must be at most 2000 characters').optional(),
  productId: IdSchema.optional(),
})
export type CreateFeedbackBody = z.infer<typeof CreateFeedbackBodySchema>
export type CreateFeedbackInput = z.input<typeof CreateFeedbackBodySchema>

export const FeedbackSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    productId: z.string(),
    productTitle: z.string(),
    customerEmail: z.string(),
    rating: z.number().int(),
    comment: z.string(),
    createdAt: TimestampSchema,
  })
  .meta({ id: 'Feedback' })
export interface Feedback extends z.infer<typeof FeedbackSchema> {}

export const FeedbackListSchema = z.object({ feedback: z.array(FeedbackSchema) })
export type FeedbackList = z.infer<typeof FeedbackListSchema>

/** What checkout refuses after reading the shop's products, groups and stock (DESIGN.md, "Storefront"). */
export const GROUP_EMPTY = fieldRefusal(400, 'groupId', 'group "{name}" holds no products')
export const INFO_CARD_NOT_FOR_SALE = fieldRefusal(
  400,
  '{field}',
  '"{name}" is an InfoCard: display only, it cannot be bought',
)
export const LISTED_TWICE = fieldRefusal(
  400,
  '{field}',
  '"{name}" is listed twice; give each product once with its quantity',
)
export const MIXED_CURRENCIES = fieldRefusal(
  400,
  '{field}',
  'products of one order must share a currency ("{first}" is {currency}, "{other}" is {otherCurrency})',
)
export const NO_DROP_TABLE = refusal(
  409,
  '"{name}" has no published drop table yet, so it cannot be sold; the merchant sets one with {how}',
)
export const OUT_OF_STOCK = fieldRefusal(
  409,
  '{field}',
  'only {available} of "{name}" in stock (asked for {quantity}){refill}',
)
