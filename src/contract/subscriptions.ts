import * as z from 'zod'
import { TimestampSchema } from './common.js'
import { SubscriptionIntervalSchema } from './fulfilment.js'

export const SubscriptionStatusSchema = z.enum(['ACTIVE', 'TRIALING', 'CANCELLED'])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

/**
 * What the emulator keeps, and shows, on a subscription beyond the spec's fields: the plan, the
 * charge and where the emulator clock stands in it (docs/storefront.md, "Subscriptions").
 */
export const SubscriptionBillingSchema = z.object({
  orderId: z.string(),
  itemId: z.string(),
  quantity: z.number().int().positive(),
  unitPrice: z.number(),
  amount: z.number(),
  currency: z.string(),
  gateway: z.string(),
  interval: SubscriptionIntervalSchema,
  intervalCount: z.number().int().positive(),
  trialDays: z.number().int().nonnegative(),
  trialStart: TimestampSchema.nullable(),
  trialEnd: TimestampSchema.nullable(),
  anchorAt: TimestampSchema.describe('Start of the first charged period; period k ends at anchor + (k + 1) intervals.'),
  periodsCharged: z.number().int().nonnegative(),
  currentPeriodStart: TimestampSchema,
  upcomingNotifiedFor: TimestampSchema.nullable(),
  updatedAt: TimestampSchema,
})

export const SubscriptionSchema = z
  .object({
    id: z.string(),
    productId: z.string().describe('Internal product id.'),
    productName: z.string(),
    productProductId: z.string().describe('The `rec_` style product id.'),
    customerId: z.string(),
    customerEmail: z.string(),
    status: z.string().describe('ACTIVE, TRIALING, CANCELLED (the list is open).'),
    processorSubscriptionId: z.string(),
    processorCustomerId: z.string(),
    currentPeriodEnd: TimestampSchema,
    createdAt: TimestampSchema,
    canceledAt: TimestampSchema.nullable().describe('null while not cancelled.'),
    ...SubscriptionBillingSchema.partial().shape,
  })
  .meta({
    id: 'Subscription',
    description:
      'A subscription (read only). Emulator: made by paying a Subscription line, moved by the emulator clock.',
  })
export interface Subscription extends z.infer<typeof SubscriptionSchema> {}

export const SubscriptionListSchema = z.object({ subscriptions: z.array(SubscriptionSchema) })
export type SubscriptionList = z.infer<typeof SubscriptionListSchema>
