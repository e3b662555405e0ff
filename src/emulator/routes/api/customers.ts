import { Hono } from 'hono'
import { CUSTOMER_LIMIT, CustomerListQuerySchema } from '../../../spec/customers.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery } from '../../middleware/validate.js'
import type { Services } from '../../services/index.js'

/** Read only (spec, "Customers"): records are kept by checkout. */
export const customerRoutes = ({ customers }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      const query = parseQuery(c, CustomerListQuerySchema)
      return c.json({ customers: customers.list(c.var.shop, query.limit ?? CUSTOMER_LIMIT.default) })
    })
    .get('/:id', (c) => c.json(customers.get(c.var.shop, c.req.param('id'))))
