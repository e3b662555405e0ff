import { Hono } from 'hono'
import { ClockAdvanceBodySchema } from '../../../spec/fulfilment.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { readBody } from '../../middleware/validate.js'
import type { Services } from '../../services/index.js'

/** `/_emulator/clock`: the calling account's time; `advance` makes its renewals, trial ends and upcoming notices fall due. */
export const clockRoutes = (services: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => c.json(services.clock.state(c.var.account)))
    .post('/advance', async (c) => {
      const body = await readBody(c, ClockAdvanceBodySchema)
      return c.json(await services.clock.advance(c.var.account, body.seconds))
    })
