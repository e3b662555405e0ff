import { ORDER_LIMIT } from '../../../contract/orders.js'
import { presentOrder } from '../../services/orders/present.js'
import { authedHandlers } from '../route.js'

export const orderHandlers = authedHandlers({
  listOrders: (c, { services, query }) => ({
    status: 200,
    body: { orders: services.orders.list(c.get('shop'), query.limit ?? ORDER_LIMIT.default).map(presentOrder) },
  }),
  getOrder: (c, { services, params }) => ({
    status: 200,
    body: presentOrder(services.orders.get(c.get('shop'), params.id)),
  }),
  updateOrder: async (c, { services, params, body }) => ({
    status: 200,
    body: presentOrder(await services.orders.updateStatus(c.get('shop'), params.id, await body())),
  }),
})
