import type { Order, OrderList, OrderListQuery, UpdateOrderInput } from '../contract/orders.js'
import type { CallOptions, Http } from './http.js'

export interface OrdersClient {
  /** Most recent first; `limit` default 50, max 200. */
  list(query?: OrderListQuery, options?: CallOptions): Promise<OrderList>
  /** By internal id or `ORD-` orderNumber; mystery lines carry every open with its proofs. */
  get(id: string, options?: CallOptions): Promise<Order>
  /** Sets the status (pending, processing, completed, cancelled, refunded). */
  update(id: string, body: UpdateOrderInput, options?: CallOptions): Promise<Order>
}

/** `/orders` (spec, "Endpoints: Orders"); `:id` is the internal id or the `ORD-` orderNumber. */
export function orders(http: Http): OrdersClient {
  return {
    list: (query = {}, options = {}) => http.call('listOrders', { ...options, query }),
    get: (id, options = {}) => http.call('getOrder', { ...options, params: { id } }),
    update: (id, body, options = {}) => http.call('updateOrder', { ...options, params: { id }, body }),
  }
}
