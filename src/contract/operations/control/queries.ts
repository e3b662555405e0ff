import { QueryReplyBodySchema } from '../../fulfilment.js'
import { FeedbackListSchema, QueryListSchema, QuerySchema } from '../../storefront.js'
import { answer, area } from '../operation.js'
import { resourceOperations } from '../resource.js'

const QUERY_ID = "The query's id."
const customerQuery = resourceOperations({ path: '/_emulator/queries', one: 'a customer query', id: QUERY_ID })

/** Customer queries and feedback as the merchant sees them. */
export const QUERY_OPERATIONS = area('queries', {
  listQueries: customerQuery.list(QueryListSchema, { summary: 'Customer queries', description: 'Newest first.' }),
  getQuery: customerQuery.get(QuerySchema, {
    summary: 'One customer query',
    ok: answer(200, 'The query with its replies.', QuerySchema),
  }),
  replyToQuery: {
    method: 'post',
    path: '/_emulator/queries/{id}/reply',
    summary: 'Reply to a customer query',
    description: "The merchant's reply (`query:replied`).",
    params: { id: QUERY_ID },
    body: QueryReplyBodySchema,
    ok: answer(200, 'The query with the reply.', QuerySchema),
  },
  listFeedback: {
    method: 'get',
    path: '/_emulator/feedback',
    summary: 'Customer feedback',
    description: 'Ratings buyers left on their invoices, newest first.',
    ok: answer(200, '`{ feedback: [...] }`', FeedbackListSchema),
  },
})
