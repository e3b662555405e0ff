import { SubscriptionListSchema, SubscriptionSchema } from '../../../contract/subscriptions.js'
import { NoQuerySchema } from '../../../contract/common.js'
import { answerJson } from '../../inspector/answer.js'
import { presentSubscription } from '../../services/subscriptions/present.js'
import { resourceOperations } from '../resource.js'
import { authedRoute } from '../route.js'

const subscription = resourceOperations({ path: '/subscriptions', one: 'a subscription', id: "The subscription's id." })

/** Read only (spec, "Subscriptions"): records are made by checkout and moved by the clock. */
export const subscriptionRoutes = [
  authedRoute(
    subscription.list(SubscriptionListSchema, {
      description: 'With product and customer details. Emulator: newest first.',
      query: NoQuerySchema,
    }),
    (c, { services }) =>
      answerJson(c, { subscriptions: services.subscriptions.list(c.get('shop')).map(presentSubscription) }),
  ),
  authedRoute(
    subscription.get(SubscriptionSchema, { description: 'Including processor ids and period end.' }),
    (c, { services, params }) =>
      answerJson(c, presentSubscription(services.subscriptions.get(c.get('shop'), params.id))),
  ),
]
