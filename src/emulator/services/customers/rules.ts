import { CUSTOMER_LIMIT } from '../../../contract/customers.js'
import type { CustomerRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { rowOfShop, take } from '../common/shop-rows.js'

/** A customer of the shop by id or e-mail address (any case); 404 otherwise. */
export function findCustomer(deps: ServiceDeps, shop: ShopRecord, id: string): CustomerRecord {
  const { customers } = deps.collections
  return rowOfShop(customers, shop, id, 'customer', () =>
    id.includes('@') ? customers.getBy('email', `${shop.id}:${id.toLowerCase()}`) : undefined,
  )
}

/** The shop's customers, newest created first (limit default 50, max 200: docs/emulator.md, "Customers"). */
export function listCustomers(
  deps: ServiceDeps,
  shop: ShopRecord,
  limit: number = CUSTOMER_LIMIT.default,
): CustomerRecord[] {
  return take(deps.collections.customers.newestFirst('shop', shop.id), limit)
}
