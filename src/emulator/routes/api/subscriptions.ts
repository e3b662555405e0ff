import { Hono } from 'hono'
import { NoQuerySchema } from '../../../spec/common.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery } from '../../middleware/validate.js'
import { presentSubscription } from '../../present/subscriptions.js'
import { findSubscription, listSubscriptions } from '../../store/subscriptions.js'

/** Read only (spec, "Subscriptions"): records are made by checkout and moved by the clock. */
export const subscriptionRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      return c.json({ subscriptions: listSubscriptions(emu, c.var.shop).map(presentSubscription) })
    })
    .get('/:id', (c) => c.json(presentSubscription(findSubscription(emu, c.var.shop, c.req.param('id')))))
