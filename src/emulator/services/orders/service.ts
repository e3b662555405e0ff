import type { UpdateOrderBody } from '../../../contract/orders.js'
import type { OrderRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { findOrder, listOrders, updateOrderStatus } from './rules.js'

/** The shop's orders (`/api/v1/orders`): made by checkout and renewals, moved on by payment (payment.ts). */
export class OrderService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Most recent first, at most `limit`. */
  list(shop: ShopRecord, limit: number): OrderRecord[] {
    return listOrders(this.deps, shop, limit)
  }

  /** An order by internal id or `ORD-<n>`; 404 otherwise. */
  get(shop: ShopRecord, id: string): OrderRecord {
    return findOrder(this.deps, shop, id)
  }

  /** The server seed sealed at checkout for a mystery line, kept from every answer until payment reveals it. */
  sealedSeed(shop: ShopRecord, orderId: string, lineId: string): string | undefined {
    const order = findOrder(this.deps, shop, orderId)
    const seal = this.deps.collections.seals.get(lineId)
    return seal?.orderId === order.id ? seal.serverSeed : undefined
  }

  /** The merchant sets the status; the same status again changes nothing and fires nothing. */
  updateStatus(shop: ShopRecord, id: string, body: UpdateOrderBody): Promise<OrderRecord> {
    return this.deps.transact((tx) => updateOrderStatus(this.deps, tx, shop, id, body))
  }
}
