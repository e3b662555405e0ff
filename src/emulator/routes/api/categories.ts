import { Hono } from 'hono'
import { CreateCategoryBodySchema, UpdateCategoryBodySchema } from '../../../spec/categories.js'
import { NoQuerySchema } from '../../../spec/common.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import type { Services } from '../../services/index.js'

export const categoryRoutes = ({ categories }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      return c.json({ categories: categories.list(c.var.shop) })
    })
    .get('/:id', (c) => c.json(categories.get(c.var.shop, c.req.param('id'))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateCategoryBodySchema)
      return c.json(await categories.create(c.var.shop, body), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateCategoryBodySchema)
      return c.json(await categories.update(c.var.shop, c.req.param('id'), body))
    })
    .delete('/:id', async (c) => {
      await categories.delete(c.var.shop, c.req.param('id'))
      return c.json({ success: true as const })
    })
