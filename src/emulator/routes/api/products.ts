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

export const productRoutes = ({ catalogue }: Services) => {
  const present = (product: ProductRecord) => presentProduct(product, catalogue.stockOf(product))
  return new Hono<AuthedEnv>()
    .get('/', (c) => {
      const query = parseQuery(c, ProductListQuerySchema)
      const { page, nextCursor } = catalogue.page(c.var.shop, query.limit ?? PRODUCT_LIMIT.default, query.cursor)
      return c.json({ products: page.map(present), nextCursor })
    })
    .get('/:id', (c) => c.json(present(catalogue.get(c.var.shop, c.req.param('id')))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateProductBodySchema)
      return c.json(present(await catalogue.create(c.var.shop, body)), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateProductBodySchema)
      return c.json(present(await catalogue.update(c.var.shop, c.req.param('id'), body)))
    })
    .delete('/:id', async (c) => {
      await catalogue.delete(c.var.shop, c.req.param('id'))
      return c.json({ success: true as const })
    })
}
