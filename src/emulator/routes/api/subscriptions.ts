import { presentSubscription } from '../../services/subscriptions/present.js'
import { authedHandlers } from '../route.js'

/** Read only (spec, "Subscriptions"): records are made by checkout and moved by the clock. */
export const subscriptionHandlers = authedHandlers({
  listSubscriptions: (c, { services }) => ({
    status: 200,
    body: { subscriptions: services.subscriptions.list(c.get('shop')).map(presentSubscription) },
  }),
  getSubscription: (c, { services, params }) => ({
    status: 200,
    body: presentSubscription(services.subscriptions.get(c.get('shop'), params.id)),
  }),
})
