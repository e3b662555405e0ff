import { Hono } from 'hono'
import type { AuthedEnv } from '../../middleware/auth.js'
import { present } from '../../present.js'
import type { Services } from '../../services/index.js'

/** `/_emulator/subscriptions/:id/cancel`: the processor's cancellation, CANCELLED at once. */
export const subscriptionControlRoutes = ({ subscriptions }: Services) =>
  new Hono<AuthedEnv>().post('/:id/cancel', async (c) =>
    c.json(present(await subscriptions.cancel(c.var.shop, c.req.param('id')))),
  )
