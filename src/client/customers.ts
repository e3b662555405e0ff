import type { CustomerDetail, CustomerList, CustomerListQuery } from '../contract/customers.js'
import type { CallOptions, Http } from './http.js'

export interface CustomersClient {
  /** Newest first; `limit` default 50, max 200. */
  list(query?: CustomerListQuery, options?: CallOptions): Promise<CustomerList>
  /** The customer with order stats and notes. */
  get(id: string, options?: CallOptions): Promise<CustomerDetail>
}

/** `/customers` (spec, "Endpoints: Customers"): read only. */
export function customers(http: Http): CustomersClient {
  return {
    list: (query = {}, options = {}) => http.call('listCustomers', { ...options, query }),
    get: (id, options = {}) => http.call('getCustomer', { ...options, params: { id } }),
  }
}
