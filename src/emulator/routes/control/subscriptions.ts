import { presentSubscription } from '../../services/subscriptions/present.js'
import { authedHandlers } from '../route.js'

/** The processor's cancellation: CANCELLED at once. */
export const subscriptionControlHandlers = authedHandlers({
  cancelSubscription: async (c, { services, params }) => ({
    status: 200,
    body: presentSubscription(await services.subscriptions.cancel(c.get('shop'), params.id)),
  }),
})
