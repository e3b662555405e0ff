import { Hono } from 'hono'
import { CreateBlacklistBodySchema, UpdateBlacklistBodySchema } from '../../../spec/blacklists.js'
import { NoQuerySchema } from '../../../spec/common.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { present } from '../../present.js'
import type { Services } from '../../services/index.js'

export const blacklistRoutes = ({ blacklists }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      return c.json({ blacklists: blacklists.list(c.var.shop).map(present) })
    })
    .get('/:id', (c) => c.json(present(blacklists.get(c.var.shop, c.req.param('id')))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateBlacklistBodySchema)
      return c.json(present(await blacklists.create(c.var.shop, body)), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateBlacklistBodySchema)
      return c.json(present(await blacklists.update(c.var.shop, c.req.param('id'), body)))
    })
    .delete('/:id', async (c) => {
      await blacklists.delete(c.var.shop, c.req.param('id'))
      return c.json({ success: true as const })
    })
