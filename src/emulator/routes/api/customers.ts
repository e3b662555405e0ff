import {
  CUSTOMER_LIMIT,
  CustomerDetailSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
} from '../../../contract/customers.js'
import { answerJson } from '../../inspector/answer.js'
import { json } from '../../openapi/operations.js'
import { resourceOperations } from '../resource.js'
import { authedRoute } from '../route.js'

const CUSTOMER_ID = "The customer's id or e-mail address."
const customer = resourceOperations({ path: '/customers', one: 'a customer', id: CUSTOMER_ID })

/** Read only (spec, "Customers"): records are kept by checkout. */
export const customerRoutes = [
  authedRoute(
    customer.list(CustomerListSchema, {
      description:
        'Customers who placed orders, newest created first. Emulator: `limit` defaults to 50 (at most 200); customers are kept per shop by e-mail from checkouts.',
      query: CustomerListQuerySchema,
    }),
    (c, { services, query }) =>
      answerJson(c, { customers: services.customers.list(c.get('shop'), query.limit ?? CUSTOMER_LIMIT.default) }),
  ),
  authedRoute(
    customer.get(CustomerDetailSchema, {
      description:
        'With order stats and notes. Emulator: `stats` is `{paidOrders, unpaidOrders, averageOrderValue, firstOrderAt}`, `notes` is `[{text, createdAt}]`.',
      ok: { status: 200, description: 'The customer with stats and notes.', content: json(CustomerDetailSchema) },
    }),
    (c, { services, params }) => answerJson(c, services.customers.get(c.get('shop'), params.id)),
  ),
]
