import { Hono } from 'hono'
import { ClockAdvanceBodySchema } from '../../../spec/fulfilment.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { readBody } from '../../middleware/validate.js'
import type { Services } from '../../services/index.js'

/** `/_emulator/clock`: the emulator's time; `advance` makes renewals, trial ends and upcoming notices fall due. */
export const clockRoutes = (services: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => c.json(services.clock.state()))
    .post('/advance', async (c) => {
      const body = await readBody(c, ClockAdvanceBodySchema)
      return c.json(await services.clock.advance(body.seconds))
    })
