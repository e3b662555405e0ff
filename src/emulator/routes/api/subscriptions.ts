import { NoQuerySchema } from '../../../spec/common.js'
import { SubscriptionListSchema, SubscriptionSchema } from '../../../spec/subscriptions.js'
import { json } from '../../openapi/operations.js'
import { presentSubscription } from '../../services/subscriptions/present.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

/** Read only (spec, "Subscriptions"): records are made by checkout and moved by the clock. */
export const subscriptionRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/subscriptions',
      operationId: 'listSubscriptions',
      summary: 'List subscriptions',
      description: 'With product and customer details. Emulator: newest first.',
      tag: 'subscriptions',
      query: NoQuerySchema,
      ok: { status: 200, description: '`{ subscriptions: [...] }`', content: json(SubscriptionListSchema) },
    },
    (c, { services }) =>
      answerJson(c, { subscriptions: services.subscriptions.list(c.var.shop).map(presentSubscription) }),
  ),
  authedRoute(
    {
      method: 'get',
      path: '/subscriptions/{id}',
      operationId: 'getSubscription',
      summary: 'Read a subscription',
      description: 'Including processor ids and period end.',
      tag: 'subscriptions',
      params: { id: "The subscription's id." },
      ok: { status: 200, description: 'The subscription.', content: json(SubscriptionSchema) },
    },
    (c, { services, params }) => answerJson(c, presentSubscription(services.subscriptions.get(c.var.shop, params.id))),
  ),
]
