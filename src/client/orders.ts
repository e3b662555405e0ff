import type { z } from 'zod'
import { OrderListSchema, OrderSchema, type OrderListQuerySchema, type UpdateOrderBodySchema } from '../spec/orders.js'
import { segment, type Http } from './http.js'

/** `/orders` (spec, "Endpoints: Orders"); `:id` is the internal id or the `ORD-` orderNumber. */
export function orders(http: Http) {
  return {
    /** Most recent first; `limit` default 50, max 200. */
    list: (query: z.output<typeof OrderListQuerySchema> = {}) =>
      http.request('GET', '/orders', { query, schema: OrderListSchema }),
    /** The order with its items (mystery lines carry every open with its proofs). */
    get: (id: string) => http.request('GET', `/orders/${segment(id)}`, { schema: OrderSchema }),
    /** Sets the status (pending, processing, completed, cancelled, refunded). */
    update: (id: string, body: z.input<typeof UpdateOrderBodySchema>) =>
      http.request('PUT', `/orders/${segment(id)}`, { body, schema: OrderSchema }),
  }
}
export type OrdersClient = ReturnType<typeof orders>
