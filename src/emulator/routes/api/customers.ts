import { Hono } from 'hono'
import { CUSTOMER_LIMIT, CustomerListQuerySchema } from '../../../spec/customers.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery } from '../../middleware/validate.js'
import { presentCustomer } from '../../present/customers.js'
import { findCustomer, listCustomers, presentCustomerDetail } from '../../store/customers.js'

/** Read only (spec, "Customers"): records are kept by checkout. */
export const customerRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      const query = parseQuery(c, CustomerListQuerySchema)
      return c.json({
        customers: listCustomers(emu, c.var.shop, query.limit ?? CUSTOMER_LIMIT.default).map(presentCustomer),
      })
    })
    .get('/:id', (c) => c.json(presentCustomerDetail(emu, findCustomer(emu, c.var.shop, c.req.param('id')))))
