import { Hono } from 'hono'
import { CreateShopBodySchema } from '../../../spec/shops.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { readBody } from '../../middleware/validate.js'
import { presentShop } from '../../services/accounts.js'
import type { Services } from '../../services/index.js'

export const shopRoutes = (services: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => c.json({ shops: services.accounts.shops(c.var.account).map(presentShop) }))
    .post('/', async (c) => {
      const body = await readBody(c, CreateShopBodySchema)
      return c.json(presentShop(await services.accounts.createShop(c.var.account, body)), 201)
    })
