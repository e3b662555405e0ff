import { Hono } from 'hono'
import { ORDER_LIMIT, OrderListQuerySchema, UpdateOrderBodySchema } from '../../../spec/orders.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { present } from '../../present.js'
import type { Services } from '../../services/index.js'

export const orderRoutes = ({ orders }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      const query = parseQuery(c, OrderListQuerySchema)
      return c.json({ orders: orders.list(c.var.shop, query.limit ?? ORDER_LIMIT.default).map(present) })
    })
    .get('/:id', (c) => c.json(present(orders.get(c.var.shop, c.req.param('id')))))
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateOrderBodySchema)
      return c.json(present(await orders.updateStatus(c.var.shop, c.req.param('id'), body)))
    })
