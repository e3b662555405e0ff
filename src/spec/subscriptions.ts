import * as z from 'zod'
import { TimestampSchema } from './common.js'

export const SubscriptionStatusSchema = z.enum(['ACTIVE', 'TRIALING', 'CANCELLED'])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

export const SubscriptionSchema = z.object({
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
  updatedAt: TimestampSchema.optional(),
})
export interface Subscription extends z.infer<typeof SubscriptionSchema> {}

export const SubscriptionListSchema = z.object({ subscriptions: z.array(SubscriptionSchema) })
export interface SubscriptionList extends z.infer<typeof SubscriptionListSchema> {
  subscriptions: Subscription[]
}
