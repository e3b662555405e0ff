import * as z from 'zod'
import { ORDER_LIMIT, ORDER_STATUSES, PAYMENT_STATUSES } from './constants.js'
import { TimestampSchema, limitQuery } from './common.js'
import { CouponTypeSchema } from './coupons.js'
import { LineMysterySchema } from './mystery.js'
import { ProductTypeSchema } from './products.js'

export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatusSchema>

/** Emulator decision (docs/storefront.md, "Order flow"): the spec shows only `paid`. */
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES)
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

/**
 * Emulator decision (docs/storefront.md, "Order flow"; the spec does not list delivery states):
 * `awaiting_shipment` is a paid Physical line whose stock is taken and which waits for tracking.
 */
export const HandoverStatusSchema = z.enum([
  'awaiting_payment',
  'awaiting_shipment',
  'delivered',
  'partial',
  'undelivered',
  'none',
])

export const TrackingSchema = z.object({ code: z.string(), carrier: z.string().nullable(), addedAt: TimestampSchema })
export interface Tracking extends z.infer<typeof TrackingSchema> {}

/**
 * What an order line's buyer was handed (codes, files, a message, a Dynamic answer, tracking) and
 * where that stands: the line's `delivery` field in the API, on the invoice and in the db file.
 * The code calls it a handover, so that a delivery is always a webhook's (the delivery log).
 */
export const HandoverSchema = z.object({
  status: HandoverStatusSchema,
  reason: z.string().nullable().optional(),
  deliveredAt: TimestampSchema.nullable().optional(),
  message: z.string().optional(),
  codes: z.array(z.string()).optional(),
  files: z.array(z.object({ name: z.string(), url: z.string() })).optional(),
  dynamic: z
    .looseObject({ status: z.number().int().optional(), contentType: z.string().optional(), content: z.unknown() })
    .optional(),
  subscriptionId: z.string().optional(),
  attempts: z.number().int().optional(),
  tracking: z.array(TrackingSchema).describe("A Physical line: the order's tracking once shipped.").optional(),
  outcomes: z.array(z.string()).describe('A MysteryBox line: the outcome of each open.').optional(),
})
export type Handover = z.infer<typeof HandoverSchema>

export const OrderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int().positive(),
  price: z.number(),
  total: z.number(),
  productType: ProductTypeSchema.optional(),
  delivery: HandoverSchema.optional(),
  mystery: LineMysterySchema.optional(),
  /** Units allocated to the line from stock, a code pool or a drop table; set once, so a retry never takes twice. */
  taken: z.number().int().nonnegative().optional(),
  /** A Subscription line whose plan starts with a free trial: charged 0 now, first charge when the trial ends. */
  trial: z.boolean().optional(),
})
export type OrderItem = z.infer<typeof OrderItemSchema>

/** One payment the emulator's processor took (`POST /_emulator/orders/:id/pay`). */
export const PaymentSchema = z.object({ amount: z.number(), gateway: z.string(), at: TimestampSchema })

/**
 * What the emulator keeps, and shows, on an order beyond the spec's fields (docs/storefront.md, "Order flow"):
 * pricing, coupon, visitor, payments, tracking. Orders from a seed may lack any of them.
 */
export const OrderExtrasSchema = z.object({
  customerId: z.string().nullable(),
  subtotal: z.number(),
  discount: z.number(),
  groupId: z.string().nullable(),
  groupDiscount: z.number(),
  couponId: z.string().nullable(),
  couponCode: z.string().nullable(),
  couponType: CouponTypeSchema.nullable(),
  couponDiscount: z.number(),
  customFields: z.record(z.string(), z.unknown()),
  gateway: z.string(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  amountPaid: z.number(),
  payments: z.array(PaymentSchema),
  tracking: z.array(TrackingSchema),
  disputedAt: TimestampSchema.nullable(),
  updatedAt: TimestampSchema,
  origin: z.enum(['checkout', 'renewal']).describe('`renewal`: an order the clock created for a subscription period.'),
  subscriptionId: z.string().nullable(),
})

export const OrderSchema = z
  .object({
    id: z.string().describe('Internal identifier.'),
    orderNumber: z
      .string()
      .regex(/^ORD-\d+$/)
      .describe('Display number, form `ORD-<number>`; accepted wherever `:id` of an order is.'),
    status: OrderStatusSchema.describe('Settable values: pending, processing, completed, cancelled, refunded.'),
    paymentStatus: PaymentStatusSchema.describe(
      'The spec shows `paid`. Emulator: `unpaid` at checkout, `partial` after a payment below the amount due, `paid`, `disputed`, `refunded` (set by `PUT /orders/{id}` with status `refunded`).',
    ),
    total: z.number(),
    currency: z.string(),
    customerEmail: z.string(),
    customerName: z.string(),
    paymentMethod: z.string().describe('Free text naming the method.'),
    createdAt: TimestampSchema,
    paidAt: TimestampSchema.nullable().describe('ISO 8601; null until paid.'),
    items: z.array(OrderItemSchema),
    ...OrderExtrasSchema.partial().shape,
  })
  .meta({
    id: 'Order',
    description:
      'An order with its items. Emulator: lines also carry their delivery and, for mystery boxes, every open.',
  })
export type Order = z.infer<typeof OrderSchema>

export const UpdateOrderBodySchema = z.strictObject({ status: OrderStatusSchema.describe('new status') })
export type UpdateOrderBody = z.infer<typeof UpdateOrderBodySchema>
export type UpdateOrderInput = z.input<typeof UpdateOrderBodySchema>

export const OrderListQuerySchema = z.strictObject({
  limit: limitQuery(ORDER_LIMIT.max),
})
export type OrderListQuery = z.output<typeof OrderListQuerySchema>
export const OrderListSchema = z.object({ orders: z.array(OrderSchema) })
export type OrderList = z.infer<typeof OrderListSchema>
