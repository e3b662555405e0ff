import { SubscriptionSchema } from '../../subscriptions.js'
import { json, type OperationInput } from '../operation.js'

/** The processor's cancellation: CANCELLED at once. */
export const SUBSCRIPTION_CONTROL_OPERATIONS = {
  cancelSubscription: {
    method: 'post',
    path: '/_emulator/subscriptions/{id}/cancel',
    summary: 'Cancel a subscription',
    description: 'CANCELLED at once, `canceledAt` set.',
    tag: 'subscriptions',
    params: { id: "The subscription's id." },
    ok: { status: 200, description: 'The subscription.', content: json(SubscriptionSchema) },
    errors: [[409, 'The subscription is already cancelled.']],
  },
} satisfies Record<string, OperationInput>
