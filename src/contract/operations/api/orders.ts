import { OrderListQuerySchema, OrderListSchema, OrderSchema, UpdateOrderBodySchema } from '../../orders.js'
import { answer, type OperationInput } from '../operation.js'
import { resourceOperations } from '../resource.js'

const order = resourceOperations({
  path: '/orders',
  one: 'an order',
  id: 'The order id or its `ORD-…` order number (any case).',
})

/** `/orders` (spec, "Endpoints: Orders"): list, read, status update. */
export const ORDER_OPERATIONS = {
  listOrders: order.list(OrderListSchema, {
    description: 'Most recent first, scoped to the shop. `limit` defaults to 50 (at most 200).',
    query: OrderListQuerySchema,
    ok: answer(200, '`{ orders: [...] }` with their items.', OrderListSchema),
  }),
  getOrder: order.get(OrderSchema, {
    description:
      'With its full item list; mystery-box lines carry every open with its verification fields, and delivered content appears on each line.',
  }),
  updateOrder: order.update(UpdateOrderBodySchema, OrderSchema, {
    summary: "Set an order's status",
    description:
      "For marking orders completed or cancelled by hand. Emulator: any of the five statuses may follow any other; the current status again changes nothing. `refunded` on an order that took money is a refund: paymentStatus becomes `refunded` and the money received leaves the customer's totalSpent; delivered goods, stock, codes and the coupon's use stay. On an order that took no money, and for every other status, only the status changes.",
  }),
} satisfies Record<string, OperationInput>
