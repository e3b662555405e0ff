import { SubscriptionSchema } from '../../subscriptions.js'
import { answer, type OperationInput } from '../operation.js'

/** The processor's cancellation: CANCELLED at once. */
export const SUBSCRIPTION_CONTROL_OPERATIONS = {
  cancelSubscription: {
    method: 'post',
    path: '/_emulator/subscriptions/{id}/cancel',
    summary: 'Cancel a subscription',
    description: 'CANCELLED at once, `canceledAt` set.',
    tag: 'subscriptions',
    params: { id: "The subscription's id." },
    ok: answer(200, 'The subscription.', SubscriptionSchema),
    errors: [[409, 'The subscription is already cancelled.']],
  },
} satisfies Record<string, OperationInput>
