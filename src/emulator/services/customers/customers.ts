import { notFound } from '../../../spec/errors.js'
import { CUSTOMER_LIMIT, type Customer, type CustomerDetail } from '../../../spec/customers.js'
import type { ServiceDeps } from '../deps.js'
import { take } from '../take.js'
import { cents } from '../../present.js'
import type { CustomerRecord, ShopRecord } from '../../store/records.js'

/** A customer of the shop by id or e-mail address (any case); 404 otherwise. */
export function findCustomer(deps: ServiceDeps, shop: ShopRecord, id: string): CustomerRecord {
  const customers = deps.rows.customers
  const byId = customers.get(id)
  const customer =
    byId?.shopId === shop.id
      ? byId
      : id.includes('@')
        ? customers.getBy('email', `${shop.id}:${id.toLowerCase()}`)
        : undefined
  if (!customer) throw notFound('customer', id)
  return customer
}

/** The shop's customers, newest created first (limit default 50, max 200: README, "Customers"). */
export function listCustomers(
  deps: ServiceDeps,
  shop: ShopRecord,
  limit: number = CUSTOMER_LIMIT.default,
): CustomerRecord[] {
  return take(deps.rows.customers.newestFirst('shop', shop.id), limit)
}

/** A customer as listed: the record without its internal fields and notes. */
export function presentCustomer(customer: CustomerRecord): Customer {
  const { shopId: _shopId, notes: _notes, ...rest } = customer
  return rest
}

/**
 * The single-customer read: the record plus order stats computed from the customer's orders
 * and the merchant's notes (README, "Customers"). Paid means paymentStatus `paid`; unpaid means
 * `unpaid` or `partial`; disputed and refunded orders count in neither.
 */
export function presentCustomerDetail(deps: ServiceDeps, customer: CustomerRecord): CustomerDetail {
  let paidOrders = 0
  let unpaidOrders = 0
  let paidTotal = 0
  let firstOrderAt: string | null = null
  for (const order of deps.rows.orders.oldestFirst('customer', customer.id)) {
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
