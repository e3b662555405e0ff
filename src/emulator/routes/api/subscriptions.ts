import { Hono } from 'hono'
import { NoQuerySchema } from '../../../spec/common.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery } from '../../middleware/validate.js'
import { present } from '../../present.js'
import { findSubscription, listSubscriptions } from '../../services/subscriptions/subscriptions.js'

/** Read only (spec, "Subscriptions"): records are made by checkout and moved by the clock. */
export const subscriptionRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      return c.json({ subscriptions: listSubscriptions(emu, c.var.shop).map(present) })
    })
    .get('/:id', (c) => c.json(present(findSubscription(emu, c.var.shop, c.req.param('id')))))
