import { Hono } from 'hono'
import { CreateGroupBodySchema, UpdateGroupBodySchema } from '../../../spec/groups.js'
import { NoQuerySchema } from '../../../spec/common.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import type { Services } from '../../services/index.js'

export const groupRoutes = ({ groups }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      return c.json({ groups: groups.list(c.var.shop) })
    })
    .get('/:id', (c) => c.json(groups.get(c.var.shop, c.req.param('id'))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateGroupBodySchema)
      return c.json(await groups.create(c.var.shop, body), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateGroupBodySchema)
      return c.json(await groups.update(c.var.shop, c.req.param('id'), body))
    })
    .delete('/:id', async (c) => {
      await groups.delete(c.var.shop, c.req.param('id'))
      return c.json({ success: true as const })
    })
