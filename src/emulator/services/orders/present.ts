import { OrderItemSchema, OrderSchema } from '../../../contract/orders.js'
import type { OrderLineRecord, OrderRecord } from '../../../contract/rows.js'
import { listed } from '../common/listed.js'

/**
 * An order as the API shows it: the spec's fields, then what the emulator keeps beside them
 * (pricing, coupon, payments, tracking: docs/storefront.md, "Order flow"). Fields a seeded order
 * lacks stay absent.
 */
export function presentOrder(row: OrderRecord) {
  return { ...listed(OrderSchema, row), items: row.items.map(presentOrderItem) }
}

/** One line of an order; a mystery line's server seed is on it only once the order is paid. */
export const presentOrderItem = (line: OrderLineRecord) => listed(OrderItemSchema, line)
