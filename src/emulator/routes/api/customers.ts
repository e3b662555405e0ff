import { CUSTOMER_LIMIT } from '../../../contract/customers.js'
import { authedHandlers } from '../route.js'

/** Read only (spec, "Customers"): records are kept by checkout. */
export const customerHandlers = authedHandlers({
  listCustomers: (c, { services, query }) => ({
    status: 200,
    body: { customers: services.customers.list(c.get('shop'), query.limit ?? CUSTOMER_LIMIT.default) },
  }),
  getCustomer: (c, { services, params }) => ({ status: 200, body: services.customers.get(c.get('shop'), params.id) }),
})
