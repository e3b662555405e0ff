import { OrderItemSchema, OrderSchema } from '../../../contract/orders.js'
import type { OrderRecord } from '../../../contract/rows.js'
import { presenterOf } from '../common/listed.js'

const copyOrder = presenterOf(OrderSchema)
/** One line of an order; a mystery line's server seed is on it only once the order is paid. */
const copyLine = presenterOf(OrderItemSchema)

/** The spec's fields, then what the emulator keeps beside them; fields a seeded order lacks stay absent. */
export function presentOrder(row: OrderRecord) {
  const order = copyOrder(row)
  order.items = row.items.map(copyLine)
  return order
}
