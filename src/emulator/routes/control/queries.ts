import { Hono } from 'hono'
import { QueryReplyBodySchema } from '../../../spec/fulfilment.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { readBody } from '../../middleware/validate.js'
import { presentFeedback, presentQuery } from '../../services/checkout/queries.js'
import type { Services } from '../../services/index.js'

/** Customer queries as the merchant's dashboard shows them: list, read, reply (`query:replied`). */
export const queryControlRoutes = ({ storefront }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => c.json({ queries: storefront.queries(c.var.shop).map(presentQuery) }))
    .get('/:id', (c) => c.json(presentQuery(storefront.query(c.var.shop, c.req.param('id')))))
    .post('/:id/reply', async (c) => {
      const body = await readBody(c, QueryReplyBodySchema)
      return c.json(presentQuery(await storefront.reply(c.var.shop, c.req.param('id'), body.message)))
    })

/** Feedback buyers left on their invoices, newest first. */
export const feedbackControlRoutes = ({ storefront }: Services) =>
  new Hono<AuthedEnv>().get('/', (c) => c.json({ feedback: storefront.feedback(c.var.shop).map(presentFeedback) }))
