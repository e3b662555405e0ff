import { presentQuery } from '../../services/customer-queries/present.js'
import { presentFeedback } from '../../services/feedback/present.js'
import { authedHandlers } from '../route.js'

/** Customer queries and feedback as the merchant's dashboard shows them: list, read, reply (`query:replied`). */
export const queryHandlers = authedHandlers({
  listQueries: (c, { services }) => ({
    status: 200,
    body: { queries: services.storefront.queries(c.get('shop')).map(presentQuery) },
  }),
  getQuery: (c, { services, params }) => ({
    status: 200,
    body: presentQuery(services.storefront.query(c.get('shop'), params.id)),
  }),
  replyToQuery: async (c, { services, params, body }) => ({
    status: 200,
    body: presentQuery(await services.storefront.reply(c.get('shop'), params.id, (await body()).message)),
  }),
  listFeedback: (c, { services }) => ({
    status: 200,
    body: { feedback: services.storefront.feedback(c.get('shop')).map(presentFeedback) },
  }),
})
