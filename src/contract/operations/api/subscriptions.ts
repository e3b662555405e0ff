import { NoQuerySchema } from '../../common.js'
import { SubscriptionListSchema, SubscriptionSchema } from '../../subscriptions.js'
import type { OperationInput } from '../operation.js'
import { resourceOperations } from '../resource.js'

const subscription = resourceOperations({ path: '/subscriptions', one: 'a subscription', id: "The subscription's id." })

/** `/subscriptions` (spec, "Subscriptions"): read only, made by checkout and moved by the clock. */
export const SUBSCRIPTION_OPERATIONS = {
  listSubscriptions: subscription.list(SubscriptionListSchema, {
    description: 'With product and customer details. Emulator: newest first.',
    query: NoQuerySchema,
  }),
  getSubscription: subscription.get(SubscriptionSchema, { description: 'Including processor ids and period end.' }),
} satisfies Record<string, OperationInput>
