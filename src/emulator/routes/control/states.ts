import { Hono } from 'hono'
import { RestoreStateBodySchema, SaveStateBodySchema } from '../../../spec/states.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { readBody } from '../../middleware/validate.js'
import type { Services } from '../../services/index.js'

/** `/_emulator/state`: the calling account's saved states; `export` gives the shop as a seed file. */
export const stateRoutes = (services: Services) =>
  new Hono<AuthedEnv>()
    .get('/', async (c) => c.json({ states: await services.states.list(c.var.account) }))
    .get('/export', (c) => c.json(services.states.export(c.var.shop)))
    .post('/save', async (c) => {
      const { name } = await readBody(c, SaveStateBodySchema)
      return c.json(await services.states.save(c.var.account, name), 201)
    })
    .post('/restore', async (c) => {
      const body = await readBody(c, RestoreStateBodySchema)
      if ('seed' in body) return c.json(await services.states.import(c.var.shop, body.seed))
      return c.json(await services.states.restore(c.var.account, body.name))
    })

/** `POST /_emulator/reset`: the calling account back to the state it was created with. */
export const resetRoutes = (services: Services) =>
  new Hono<AuthedEnv>().post('/', async (c) => c.json(await services.states.reset(c.var.account)))
