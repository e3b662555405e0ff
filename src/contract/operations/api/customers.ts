import { CustomerDetailSchema, CustomerListQuerySchema, CustomerListSchema } from '../../customers.js'
import { answer, type OperationInput } from '../operation.js'
import { resourceOperations } from '../resource.js'

const customer = resourceOperations({
  path: '/customers',
  one: 'a customer',
  id: "The customer's id or e-mail address.",
})

/** `/customers` (spec, "Customers"): read only, records are kept by checkout. */
export const CUSTOMER_OPERATIONS = {
  listCustomers: customer.list(CustomerListSchema, {
    description:
      'Customers who placed orders, newest created first. Emulator: `limit` defaults to 50 (at most 200); customers are kept per shop by e-mail from checkouts.',
    query: CustomerListQuerySchema,
  }),
  getCustomer: customer.get(CustomerDetailSchema, {
    description:
      'With order stats and notes. Emulator: `stats` is `{paidOrders, unpaidOrders, averageOrderValue, firstOrderAt}`, `notes` is `[{text, createdAt}]`.',
    ok: answer(200, 'The customer with stats and notes.', CustomerDetailSchema),
  }),
} satisfies Record<string, OperationInput>
