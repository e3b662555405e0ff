import { Hono } from 'hono'
import {
  CreateProductBodySchema,
  ProductListQuerySchema,
  UpdateProductBodySchema,
  PRODUCT_LIMIT,
} from '../../../spec/products.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { presentProduct } from '../../present/products.js'
import { applyProductUpdate, buildProduct, findProduct, pageLiveProducts } from '../../store/products.js'
import { removeProductCodes } from '../../store/serial-pool.js'
import { productEvents } from '../../events/product-events.js'

export const productRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      const query = parseQuery(c, ProductListQuerySchema)
      const { page, nextCursor } = pageLiveProducts(emu, c.var.shop, query.limit ?? PRODUCT_LIMIT.default, query.cursor)
      return c.json({ products: page.map(presentProduct), nextCursor })
    })
    .get('/:id', (c) => c.json(presentProduct(findProduct(emu, c.var.shop, c.req.param('id')))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateProductBodySchema)
      const product = await emu.store.tx((tx) => {
        const created = tx.put('products', buildProduct(emu, c.var.shop, body))
        productEvents.created(emu, tx, c.var.shop, created)
        return created
      })
      return c.json(presentProduct(product), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateProductBodySchema)
      const product = await emu.store.tx((tx) => {
        const before = findProduct(emu, c.var.shop, c.req.param('id'))
        const after = tx.put('products', applyProductUpdate(emu, before, body))
        productEvents.edited(emu, tx, c.var.shop, before, after)
        return after
      })
      return c.json(presentProduct(product))
    })
    .delete('/:id', async (c) => {
      await emu.store.tx((tx) => {
        const product = findProduct(emu, c.var.shop, c.req.param('id'))
        tx.delete('products', product.id)
        tx.delete('fulfilments', product.id)
        removeProductCodes(tx, emu.store.c, product.id)
        productEvents.deleted(emu, tx, c.var.shop, product)
      })
      return c.json({ success: true as const })
    })
