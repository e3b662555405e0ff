import { z } from 'zod'
import { TimestampSchema } from './common.js'

export const SubscriptionStatusSchema = z.enum(['ACTIVE', 'TRIALING', 'CANCELLED'])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

export const SubscriptionSchema = z.looseObject({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productProductId: z.string(),
  customerId: z.string(),
  customerEmail: z.string(),
  status: z.string(),
  processorSubscriptionId: z.string(),
  processorCustomerId: z.string(),
  currentPeriodEnd: TimestampSchema,
  createdAt: TimestampSchema,
  canceledAt: TimestampSchema.nullable(),
})
export type Subscription = z.infer<typeof SubscriptionSchema>

export const SubscriptionListSchema = z.object({ subscriptions: z.array(SubscriptionSchema) })
