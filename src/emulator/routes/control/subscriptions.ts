import { Hono } from 'hono'
import type { AuthedEnv, Emulator } from '../../context.js'
import { presentSubscription } from '../../present/subscriptions.js'
import { cancelSubscription } from '../../commerce/subscriptions.js'

/** `/_emulator/subscriptions/:id/cancel`: the processor's cancellation, CANCELLED at once. */
export const subscriptionControlRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>().post('/:id/cancel', async (c) =>
    c.json(presentSubscription(await emu.store.tx((tx) => cancelSubscription(emu, tx, c.var.shop, c.req.param('id'))))),
  )
