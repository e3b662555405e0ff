import { z } from 'zod'
import { TimestampSchema } from './common.js'
import { MysteryOpenSchema } from './mystery.js'
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
  mystery: z
    .looseObject({
      commitment: z.string(),
      poolVersion: z.number().int(),
      clientSeed: z.string(),
      opens: z.array(MysteryOpenSchema),
    })
    .optional(),
})
export type OrderItem = z.infer<typeof OrderItemSchema>

export const TrackingSchema = z.object({ code: z.string(), carrier: z.string().nullable(), addedAt: TimestampSchema })

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
