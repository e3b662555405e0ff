import { Hono } from 'hono'
import { ORDER_LIMIT, OrderListQuerySchema, UpdateOrderBodySchema } from '../../../spec/orders.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { presentOrder } from '../../present/orders.js'
import { findOrder, listOrders, updateOrderStatus } from '../../store/orders.js'

export const orderRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      const query = parseQuery(c, OrderListQuerySchema)
      return c.json({ orders: listOrders(emu, c.var.shop, query.limit ?? ORDER_LIMIT.default).map(presentOrder) })
    })
    .get('/:id', (c) => c.json(presentOrder(findOrder(emu, c.var.shop, c.req.param('id')))))
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateOrderBodySchema)
      const order = await emu.store.tx((tx) => updateOrderStatus(emu, tx, c.var.shop, c.req.param('id'), body))
      return c.json(presentOrder(order))
    })
