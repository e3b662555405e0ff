import { Hono } from 'hono'
import { ClockAdvanceBodySchema } from '../../../spec/fulfilment.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { readBody } from '../../middleware/validate.js'
import { advanceClock, clockState } from '../../services/clock.js'

/** `/_emulator/clock`: the emulator's time; `advance` makes renewals, trial ends and upcoming notices fall due. */
export const clockRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => c.json(clockState(emu)))
    .post('/advance', async (c) => {
      const body = await readBody(c, ClockAdvanceBodySchema)
      return c.json(await advanceClock(emu, body.seconds))
    })
