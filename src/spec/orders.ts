import { z } from 'zod'
import { TimestampSchema } from './common.js'
import { CouponTypeSchema } from './coupons.js'
import { LineMysterySchema } from './mystery.js'
import { ProductTypeSchema } from './products.js'

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'cancelled', 'refunded'] as const
export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatusSchema>

/** Emulator decision (README, "Order flow"): the spec shows only `paid`. */
export const PaymentStatusSchema = z.enum(['unpaid', 'partial', 'paid', 'disputed', 'refunded'])
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

export const DeliveryStatusSchema = z.enum(['awaiting_payment', 'delivered', 'partial', 'undelivered', 'none'])

export const DeliverySchema = z.looseObject({
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
})
export type Delivery = z.infer<typeof DeliverySchema>

export const OrderItemSchema = z.looseObject({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int().positive(),
  price: z.number(),
  total: z.number(),
  productType: ProductTypeSchema.optional(),
  delivery: DeliverySchema.optional(),
  mystery: LineMysterySchema.optional(),
  /** Units allocated to the line from stock, a code pool or a drop table; set once, so a retry never takes twice. */
  taken: z.number().int().nonnegative().optional(),
  /** A Subscription line whose plan starts with a free trial: charged 0 now, first charge when the trial ends. */
  trial: z.boolean().optional(),
})
export type OrderItem = z.infer<typeof OrderItemSchema>

export const TrackingSchema = z.object({ code: z.string(), carrier: z.string().nullable(), addedAt: TimestampSchema })

/** One payment the emulator's processor took (`POST /_emulator/orders/:id/pay`). */
export const PaymentSchema = z.object({ amount: z.number(), gateway: z.string(), at: TimestampSchema })

/**
 * What the emulator keeps, and shows, on an order beyond the spec's fields (README, "Order flow"):
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
  /** `checkout`, or `renewal`: an order the clock created for a subscription period. */
  origin: z.enum(['checkout', 'renewal']),
  subscriptionId: z.string().nullable(),
})

export const OrderSchema = z.looseObject({
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
  ...OrderExtrasSchema.partial().shape,
})
export type Order = z.infer<typeof OrderSchema>

export const UpdateOrderBodySchema = z.strictObject({ status: OrderStatusSchema })
export type UpdateOrderBody = z.infer<typeof UpdateOrderBodySchema>

export const ORDER_LIMIT = { default: 50, max: 200 } as const
export const OrderListQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(ORDER_LIMIT.max, `must be at most ${ORDER_LIMIT.max}`)
    .optional(),
})
export const OrderListSchema = z.object({ orders: z.array(OrderSchema) })
