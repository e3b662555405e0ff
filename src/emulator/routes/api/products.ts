import { Hono } from 'hono'
import {
  CreateProductBodySchema,
  ProductListQuerySchema,
  UpdateProductBodySchema,
  PRODUCT_LIMIT,
} from '../../../spec/products.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { presentProduct } from '../../present/products.js'
import type { Services } from '../../services/index.js'
import type { ProductRecord } from '../../store/records.js'
import { jsonPage, jsonText, rowJson } from './row-json.js'

// `c.get`, not `c.var`: hono builds a fresh object of every variable for each `c.var`, on the
// busiest routes of the API.
export const productRoutes = ({ catalogue }: Services) => {
  const productJson = rowJson(presentProduct, (product: ProductRecord) => catalogue.stockOf(product))
  return new Hono<AuthedEnv>()
    .get('/', (c) => {
      const query = parseQuery(c, ProductListQuerySchema)
      const { page, nextCursor } = catalogue.page(c.get('shop'), query.limit ?? PRODUCT_LIMIT.default, query.cursor)
      return jsonPage(c, 'products', page.map(productJson), nextCursor)
    })
    .get('/:id', (c) => jsonText(c, productJson(catalogue.get(c.get('shop'), c.req.param('id')))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateProductBodySchema)
      return jsonText(c, productJson(await catalogue.create(c.get('shop'), body)), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateProductBodySchema)
      return jsonText(c, productJson(await catalogue.update(c.get('shop'), c.req.param('id'), body)))
    })
    .delete('/:id', async (c) => {
      await catalogue.delete(c.get('shop'), c.req.param('id'))
      return c.json({ success: true as const })
    })
}
