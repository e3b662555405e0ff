import { Hono } from 'hono'
import { CreateCategoryBodySchema, UpdateCategoryBodySchema } from '../../../spec/categories.js'
import { NoQuerySchema } from '../../../spec/common.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import {
  applyCategoryUpdate,
  buildCategory,
  findCategory,
  listCategories,
  presentCategory,
} from '../../services/categories.js'

export const categoryRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      return c.json({
        categories: listCategories(emu, c.var.shop).map((category) => presentCategory(emu, c.var.shop, category)),
      })
    })
    .get('/:id', (c) => c.json(presentCategory(emu, c.var.shop, findCategory(emu, c.var.shop, c.req.param('id')))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateCategoryBodySchema)
      const category = await emu.store.tx((tx) => tx.put('categories', buildCategory(emu, c.var.shop, body)))
      return c.json(presentCategory(emu, c.var.shop, category), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateCategoryBodySchema)
      const category = await emu.store.tx((tx) => {
        const before = findCategory(emu, c.var.shop, c.req.param('id'))
        return tx.put('categories', applyCategoryUpdate(emu, c.var.shop, before, body))
      })
      return c.json(presentCategory(emu, c.var.shop, category))
    })
    // Bound products and groups are kept (spec, "Categories").
    .delete('/:id', async (c) => {
      await emu.store.tx((tx) => tx.delete('categories', findCategory(emu, c.var.shop, c.req.param('id')).id))
      return c.json({ success: true as const })
    })
