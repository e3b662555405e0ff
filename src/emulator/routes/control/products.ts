import { Hono } from 'hono'
import { FulfilmentSetupBodySchema } from '../../../spec/fulfilment.js'
import { ControlProductListQuerySchema, PRODUCT_LIMIT } from '../../../spec/products.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { presentProduct } from '../../present/products.js'
import type { Services } from '../../services/index.js'

/**
 * The dashboard's product list, every status (`/_emulator/products?status=`), and the
 * dashboard-only product setup, `/_emulator/products/:id/fulfilment` (DESIGN.md, control API).
 */
export const productControlRoutes = ({ catalogue }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      const query = parseQuery(c, ControlProductListQuerySchema)
      const limit = query.limit ?? PRODUCT_LIMIT.default
      const { page, nextCursor } = catalogue.pageByStatus(c.var.shop, query.status ?? 'all', limit, query.cursor)
      return c.json({
        products: page.map((product) => presentProduct(product, catalogue.stockOf(product))),
        nextCursor,
      })
    })
    .get('/:id/fulfilment', (c) => c.json(catalogue.setup(c.var.shop, c.req.param('id'))))
    .put('/:id/fulfilment', async (c) => {
      const body = await readBody(c, FulfilmentSetupBodySchema)
      return c.json(await catalogue.putSetup(c.var.shop, c.req.param('id'), body))
    })
