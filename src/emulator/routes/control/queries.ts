import { Hono } from 'hono'
import { QueryReplyBodySchema } from '../../../spec/fulfilment.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { readBody } from '../../middleware/validate.js'
import { presentFeedback, presentQuery } from '../../present/queries.js'
import { replyToQuery, findQuery } from '../../commerce/queries.js'

/** Customer queries as the merchant's dashboard shows them: list, read, reply (`query:replied`). */
export const queryControlRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => c.json({ queries: [...emu.store.c.queries.newestFirst('shop', c.var.shop.id)].map(presentQuery) }))
    .get('/:id', (c) => c.json(presentQuery(findQuery(emu, c.var.shop, c.req.param('id')))))
    .post('/:id/reply', async (c) => {
      const body = await readBody(c, QueryReplyBodySchema)
      return c.json(
        presentQuery(await emu.store.tx((tx) => replyToQuery(emu, tx, c.var.shop, c.req.param('id'), body.message))),
      )
    })

/** Feedback buyers left on their invoices, newest first. */
export const feedbackControlRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>().get('/', (c) =>
    c.json({ feedback: [...emu.store.c.feedback.newestFirst('shop', c.var.shop.id)].map(presentFeedback) }),
  )
