import type { Customer, CustomerDetail } from '../../../contract/customers.js'
import type { ShopRecord } from '../../../contract/rows.js'
import { presentCustomer, presentCustomerDetail } from './present.js'
import { findCustomer, listCustomers } from './rules.js'
import type { ServiceDeps } from '../common/deps.js'

/** The shop's customers (`/api/v1/customers`), read only: checkouts and payments keep them (customers/bookkeeping.ts). */
export class CustomerService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Newest created first, at most `limit`. */
  list(shop: ShopRecord, limit: number): Customer[] {
    return listCustomers(this.deps, shop, limit).map(presentCustomer)
  }

  /** A customer by id or e-mail address, with order stats and the merchant's notes. */
  get(shop: ShopRecord, id: string): CustomerDetail {
    return presentCustomerDetail(this.deps, findCustomer(this.deps, shop, id))
  }
}
