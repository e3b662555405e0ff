import type { z } from 'zod'
import { CustomerDetailSchema, CustomerListSchema, type CustomerListQuerySchema } from '../spec/customers.js'
import { segment, type Http } from './http.js'

/** `/customers` (spec, "Endpoints: Customers"): read only. */
export function customers(http: Http) {
  return {
    /** Newest first; `limit` default 50, max 200 (README). */
    list: (query: z.output<typeof CustomerListQuerySchema> = {}) =>
      http.request('GET', '/customers', { query, schema: CustomerListSchema }),
    /** The customer with order stats and notes. */
    get: (id: string) => http.request('GET', `/customers/${segment(id)}`, { schema: CustomerDetailSchema }),
  }
}
export type CustomersClient = ReturnType<typeof customers>
