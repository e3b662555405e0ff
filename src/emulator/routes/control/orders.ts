import { Hono } from 'hono'
import { PayBodySchema, TrackingBodySchema } from '../../../spec/fulfilment.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { readBody } from '../../middleware/validate.js'
import { present } from '../../present.js'
import type { Services } from '../../services/index.js'
import { optionalBody } from './body.js'

/** The payment processor's and the dashboard's order actions: `/_emulator/orders/:id/…` (README, "Order flow"). */
export const orderControlRoutes = ({ payment }: Services) =>
  new Hono<AuthedEnv>()
    .post('/:id/pay', async (c) => {
      const body = await optionalBody(c, PayBodySchema)
      return c.json(present(await payment.pay(c.var.shop, c.req.param('id'), body)))
    })
    .post('/:id/deliver', async (c) => c.json(present(await payment.deliver(c.var.shop, c.req.param('id')))))
    .post('/:id/tracking', async (c) => {
      const body = await readBody(c, TrackingBodySchema)
      return c.json(present(await payment.track(c.var.shop, c.req.param('id'), body)))
    })
    .post('/:id/dispute', async (c) => c.json(present(await payment.dispute(c.var.shop, c.req.param('id')))))
