import * as z from 'zod'
import { ORDER_LIMIT, ORDER_STATUSES, PAYMENT_STATUSES } from './constants.js'
import { TimestampSchema } from './common.js'
import { MysteryOpenSchema } from './mystery.js'
import { ProductTypeSchema } from './products.js'

export { ORDER_STATUSES, ORDER_LIMIT, PAYMENT_STATUSES } from './constants.js'
export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatusSchema>

/** Emulator decision (README, "Order flow"): the spec shows only `paid`. */
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES)
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

export const DeliveryStatusSchema = z.enum(['awaiting_payment', 'delivered', 'partial', 'undelivered', 'none'])

export const TrackingSchema = z.object({ code: z.string(), carrier: z.string().nullable(), addedAt: TimestampSchema })
export interface Tracking extends z.infer<typeof TrackingSchema> {}

export const DeliverySchema = z.object({
  status: DeliveryStatusSchema,
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
  /** A Physical line: the order's tracking once shipped. */
  tracking: z.array(TrackingSchema).optional(),
  /** A MysteryBox line: the outcome of each open. */
  outcomes: z.array(z.string()).optional(),
})
export interface Delivery extends z.infer<typeof DeliverySchema> {
  tracking?: Tracking[]
}

export const OrderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int().positive(),
  price: z.number(),
  total: z.number(),
  productType: ProductTypeSchema.optional(),
  delivery: DeliverySchema.optional(),
  mystery: z
    .looseObject({
      commitment: z.string(),
      poolVersion: z.number().int(),
      clientSeed: z.string(),
      /** Revealed after payment. */
      serverSeed: z.string().optional(),
      opens: z.array(MysteryOpenSchema),
    })
    .optional(),
  /** Units allocated to the line from stock, a code pool or a drop table. */
  taken: z.number().int().optional(),
  /** A Subscription line whose plan starts with a free trial. */
  trial: z.boolean().optional(),
})
export interface OrderItem extends z.infer<typeof OrderItemSchema> {
  delivery?: Delivery
}

export const OrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string().regex(/^ORD-\d+$/),
  status: OrderStatusSchema,
  paymentStatus: PaymentStatusSchema,
  total: z.number(),
  currency: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  paymentMethod: z.string(),
  createdAt: TimestampSchema,
  paidAt: TimestampSchema.nullable(),
  items: z.array(OrderItemSchema),
  customerId: z.string().nullable().optional(),
  updatedAt: TimestampSchema.optional(),
  // What the emulator keeps beyond the spec's fields (README, "Orders, payment and fulfilment").
  subtotal: z.number().optional(),
  discount: z.number().optional(),
  groupId: z.string().nullable().optional(),
  groupDiscount: z.number().optional(),
  couponId: z.string().nullable().optional(),
  couponCode: z.string().nullable().optional(),
  couponType: z.string().nullable().optional(),
  couponDiscount: z.number().optional(),
  customFields: z.record(z.string(), z.unknown()).optional(),
  gateway: z.string().optional(),
  ip: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  amountPaid: z.number().optional(),
  payments: z.array(z.object({ amount: z.number(), gateway: z.string(), at: TimestampSchema })).optional(),
  tracking: z.array(TrackingSchema).optional(),
  disputedAt: TimestampSchema.nullable().optional(),
  /** `checkout`, or `renewal` for an order the clock created for a subscription period. */
  origin: z.enum(['checkout', 'renewal']).optional(),
  subscriptionId: z.string().nullable().optional(),
})
export interface Order extends z.infer<typeof OrderSchema> {
  items: OrderItem[]
}

export const UpdateOrderBodySchema = z.strictObject({ status: OrderStatusSchema })
export type UpdateOrderBody = z.infer<typeof UpdateOrderBodySchema>
export type UpdateOrderInput = z.input<typeof UpdateOrderBodySchema>

export const OrderListQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(ORDER_LIMIT.max, `must be at most ${ORDER_LIMIT.max}`)
    .optional(),
})
/** `limit`: default 50, max 200. */
export type OrderListQuery = z.output<typeof OrderListQuerySchema>
export const OrderListSchema = z.object({ orders: z.array(OrderSchema) })
export interface OrderList extends z.infer<typeof OrderListSchema> {
  orders: Order[]
}
