import { type CustomerDetail, CustomerSchema } from '../../../contract/customers.js'
import { cents } from '../../money.js'
import type { CustomerRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { presenterOf } from '../common/listed.js'

/** A customer as listed: without the merchant's notes (the single read adds them). */
export const presentCustomer = presenterOf(CustomerSchema)

/**
 * The single-customer read: the record plus order stats computed from the customer's orders
 * and the merchant's notes (docs/emulator.md, "Customers"). Paid means paymentStatus `paid`; unpaid means
 * `unpaid` or `partial`; disputed and refunded orders count in neither.
 */
export function presentCustomerDetail(deps: ServiceDeps, customer: CustomerRecord): CustomerDetail {
  let paidOrders = 0
  let unpaidOrders = 0
  let paidTotal = 0
  let firstOrderAt: string | null = null
  for (const order of deps.collections.orders.oldestFirst('customer', customer.id)) {
    firstOrderAt ??= order.createdAt
    if (order.paymentStatus === 'paid') {
      paidOrders++
      paidTotal += order.total
    } else if (order.paymentStatus === 'unpaid' || order.paymentStatus === 'partial') unpaidOrders++
  }
  return {
    ...presentCustomer(customer),
    stats: {
      paidOrders,
      unpaidOrders,
      averageOrderValue: paidOrders ? cents(paidTotal / paidOrders) : 0,
      firstOrderAt,
    },
    notes: customer.notes ?? [],
  }
}
