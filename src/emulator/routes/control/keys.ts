import { Hono } from 'hono'
import { CreateKeyBodySchema } from '../../../spec/shops.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { readBody } from '../../middleware/validate.js'
import { presentKey } from '../../services/accounts.js'
import type { Services } from '../../services/index.js'

export const keyRoutes = (services: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => c.json({ keys: services.accounts.keys(c.var.account).map(presentKey) }))
    .post('/', async (c) => {
      const body =
        c.req.header('content-length') === '0' || !c.req.header('content-type')
          ? {}
          : await readBody(c, CreateKeyBodySchema)
      const { key, secret } = await services.accounts.createKey(c.var.account, body.name ?? null)
      // The secret is shown once, in this answer only (spec, "Authentication").
      return c.json({ ...presentKey(key), secret }, 201)
    })
    .delete('/:id', async (c) => {
      await services.accounts.revokeKey(c.var.account, c.req.param('id'))
      return c.json({ success: true as const })
    })
