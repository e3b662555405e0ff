import { Hono } from 'hono'
import { PayBodySchema, TrackingBodySchema } from '../../../spec/fulfilment.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { readBody } from '../../middleware/validate.js'
import { presentOrder } from '../../present/orders.js'
import { addTracking, disputeOrder, payOrder, retryDelivery } from '../../commerce/payment.js'
import { optionalBody } from './body.js'

/** The payment processor's and the dashboard's order actions: `/_emulator/orders/:id/…` (README, "Order flow"). */
export const orderControlRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .post('/:id/pay', async (c) => {
      const body = await optionalBody(c, PayBodySchema)
      return c.json(presentOrder(await payOrder(emu, c.var.shop, c.req.param('id'), body)))
    })
    .post('/:id/deliver', async (c) => c.json(presentOrder(await retryDelivery(emu, c.var.shop, c.req.param('id')))))
    .post('/:id/tracking', async (c) => {
      const body = await readBody(c, TrackingBodySchema)
      return c.json(presentOrder(await emu.store.tx((tx) => addTracking(emu, tx, c.var.shop, c.req.param('id'), body))))
    })
    .post('/:id/dispute', async (c) =>
      c.json(presentOrder(await emu.store.tx((tx) => disputeOrder(emu, tx, c.var.shop, c.req.param('id'))))),
    )
