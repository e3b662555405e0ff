import { Hono } from 'hono'
import { NoQuerySchema } from '../../../spec/common.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery } from '../../middleware/validate.js'
import { present } from '../../present.js'
import type { Services } from '../../services/index.js'

/** Read only (spec, "Subscriptions"): records are made by checkout and moved by the clock. */
export const subscriptionRoutes = ({ subscriptions }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      return c.json({ subscriptions: subscriptions.list(c.var.shop).map(present) })
    })
    .get('/:id', (c) => c.json(present(subscriptions.get(c.var.shop, c.req.param('id')))))
