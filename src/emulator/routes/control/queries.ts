import { QueryReplyBodySchema } from '../../../contract/fulfilment.js'
import { FeedbackListSchema, QueryListSchema, QuerySchema } from '../../../contract/storefront.js'
import { json } from '../../openapi/operations.js'
import { presentQuery } from '../../services/customer-queries/present.js'
import { presentFeedback } from '../../services/feedback/present.js'
import { resourceOperations } from '../resource.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

const QUERY_ID = "The query's id."
const customerQuery = resourceOperations({
  path: '/_emulator/queries',
  type: 'Query',
  one: 'a customer query',
  id: QUERY_ID,
})

/** Customer queries and feedback as the merchant's dashboard shows them: list, read, reply (`query:replied`). */
export const queryControlRoutes = [
  authedRoute(
    customerQuery.list(QueryListSchema, { summary: 'Customer queries', description: 'Newest first.' }),
    (c, { services }) => answerJson(c, { queries: services.storefront.queries(c.get('shop')).map(presentQuery) }),
  ),
  authedRoute(
    customerQuery.get(QuerySchema, {
      summary: 'One customer query',
      ok: { status: 200, description: 'The query with its replies.', content: json(QuerySchema) },
    }),
    (c, { services, params }) => answerJson(c, presentQuery(services.storefront.query(c.get('shop'), params.id))),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/queries/{id}/reply',
      operationId: 'replyToQuery',
      summary: 'Reply to a customer query',
      description: "The merchant's reply (`query:replied`).",
      tag: 'queries',
      params: { id: QUERY_ID },
      body: QueryReplyBodySchema,
      ok: { status: 200, description: 'The query with the reply.', content: json(QuerySchema) },
    },
    async (c, { services, params, body }) =>
      answerJson(c, presentQuery(await services.storefront.reply(c.get('shop'), params.id, (await body()).message))),
  ),
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/feedback',
      operationId: 'listFeedback',
      summary: 'Customer feedback',
      description: 'Ratings buyers left on their invoices, newest first.',
      tag: 'queries',
      ok: { status: 200, description: '`{ feedback: [...] }`', content: json(FeedbackListSchema) },
    },
    (c, { services }) => answerJson(c, { feedback: services.storefront.feedback(c.get('shop')).map(presentFeedback) }),
  ),
]
