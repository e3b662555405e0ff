import { CUSTOMER_LIMIT } from '../../../contract/constants.js'
import type { Customer, CustomerDetail } from '../../../contract/customers.js'
import type { ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { rowOfShop, take } from '../common/shop-rows.js'
import { presentCustomer, presentCustomerDetail } from './present.js'

/** The shop's customers (`/api/v1/customers`), read only: checkouts and payments keep them (customers/bookkeeping.ts). */
export class CustomerService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Newest created first (limit default 50, max 200: docs/emulator.md, "Customers"). */
  list(shop: ShopRecord, limit: number = CUSTOMER_LIMIT.default): Customer[] {
    return take(this.deps.collections.customers.newestFirst('shop', shop.id), limit).map(presentCustomer)
  }

  /** A customer by id or e-mail address (any case), with order stats and the merchant's notes. */
  get(shop: ShopRecord, id: string): CustomerDetail {
    const { customers } = this.deps.collections
    const customer = rowOfShop(customers, shop, id, 'customer', () =>
      id.includes('@') ? customers.getBy('email', `${shop.id}:${id.toLowerCase()}`) : undefined,
    )
    return presentCustomerDetail(this.deps, customer)
  }
}
