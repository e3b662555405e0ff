import {
  ORDER_LIMIT,
  OrderListQuerySchema,
  OrderListSchema,
  OrderSchema,
  UpdateOrderBodySchema,
} from '../../../contract/orders.js'
import { answerJson } from '../../inspector/answer.js'
import { json } from '../../openapi/operations.js'
import { presentOrder } from '../../services/orders/present.js'
import { resourceOperations } from '../resource.js'
import { authedRoute } from '../route.js'

const ORDER_ID = 'The order id or its `ORD-…` order number (any case).'
const order = resourceOperations({ path: '/orders', one: 'an order', id: ORDER_ID })

export const orderRoutes = [
  authedRoute(
    order.list(OrderListSchema, {
      description: 'Most recent first, scoped to the shop. `limit` defaults to 50 (at most 200).',
      query: OrderListQuerySchema,
      ok: { status: 200, description: '`{ orders: [...] }` with their items.', content: json(OrderListSchema) },
    }),
    (c, { services, query }) =>
      answerJson(c, {
        orders: services.orders.list(c.get('shop'), query.limit ?? ORDER_LIMIT.default).map(presentOrder),
      }),
  ),
  authedRoute(
    order.get(OrderSchema, {
      description:
        'With its full item list; mystery-box lines carry every open with its verification fields, and delivered content appears on each line.',
    }),
    (c, { services, params }) => answerJson(c, presentOrder(services.orders.get(c.get('shop'), params.id))),
  ),
  authedRoute(
    order.update(UpdateOrderBodySchema, OrderSchema, {
      summary: "Set an order's status",
      description:
        "For marking orders completed or cancelled by hand. Emulator: any of the five statuses may follow any other; the current status again changes nothing. `refunded` on an order that took money is a refund: paymentStatus becomes `refunded` and the money received leaves the customer's totalSpent; delivered goods, stock, codes and the coupon's use stay. On an order that took no money, and for every other status, only the status changes.",
    }),
    async (c, { services, params, body }) =>
      answerJson(c, presentOrder(await services.orders.updateStatus(c.get('shop'), params.id, await body()))),
  ),
]
