import {
  CUSTOMER_LIMIT,
  CustomerDetailSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
} from '../../../spec/customers.js'
import { json } from '../../openapi/operations.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

/** Read only (spec, "Customers"): records are kept by checkout. */
export const customerRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/customers',
      operationId: 'listCustomers',
      summary: 'List customers',
      description:
        'Customers who placed orders, newest created first. Emulator: `limit` defaults to 50 (at most 200); customers are kept per shop by e-mail from checkouts.',
      tag: 'customers',
      query: CustomerListQuerySchema,
      ok: { status: 200, description: '`{ customers: [...] }`', content: json(CustomerListSchema) },
    },
    (c, { services, query }) =>
      answerJson(c, { customers: services.customers.list(c.var.shop, query.limit ?? CUSTOMER_LIMIT.default) }),
  ),
  authedRoute(
    {
      method: 'get',
      path: '/customers/{id}',
      operationId: 'getCustomer',
      summary: 'Read a customer',
      description:
        'With order stats and notes. Emulator: `stats` is `{paidOrders, unpaidOrders, averageOrderValue, firstOrderAt}`, `notes` is `[{text, createdAt}]`.',
      tag: 'customers',
      params: { id: "The customer's id or e-mail address." },
      ok: { status: 200, description: 'The customer with stats and notes.', content: json(CustomerDetailSchema) },
    },
    (c, { services, params }) => answerJson(c, services.customers.get(c.var.shop, params.id)),
  ),
]
