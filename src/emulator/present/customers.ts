import type { ListedFields } from '../../spec/common.js'
import type { CustomerSchema } from '../../spec/customers.js'
import type { CustomerRecord } from '../store/records.js'

/** A customer as listed: without the shop and the merchant's notes (the single read adds them). */
export function presentCustomer(row: CustomerRecord): ListedFields<typeof CustomerSchema> {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    country: row.country,
    city: row.city,
    totalOrders: row.totalOrders,
    totalSpent: row.totalSpent,
    lastOrderAt: row.lastOrderAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}
