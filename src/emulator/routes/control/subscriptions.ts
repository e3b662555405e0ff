import { SubscriptionSchema } from '../../../contract/subscriptions.js'
import { json } from '../../openapi/operations.js'
import { presentSubscription } from '../../services/subscriptions/present.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

/** The processor's cancellation: CANCELLED at once. */
export const subscriptionControlRoutes = [
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/subscriptions/{id}/cancel',
      operationId: 'cancelSubscription',
      summary: 'Cancel a subscription',
      description: 'CANCELLED at once, `canceledAt` set.',
      tag: 'subscriptions',
      params: { id: "The subscription's id." },
      ok: { status: 200, description: 'The subscription.', content: json(SubscriptionSchema) },
      errors: [[409, 'The subscription is already cancelled.']],
    },
    async (c, { services, params }) =>
      answerJson(c, presentSubscription(await services.subscriptions.cancel(c.get('shop'), params.id))),
  ),
]
