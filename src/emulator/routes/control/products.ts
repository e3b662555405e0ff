import { Hono } from 'hono'
import { FulfilmentSetupBodySchema } from '../../../spec/fulfilment.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { readBody } from '../../middleware/validate.js'
import { applyFulfilmentSetup, presentSetup } from '../../services/catalogue/setup.js'
import { findProduct } from '../../services/catalogue/products.js'

/** Dashboard-only product setup: `/_emulator/products/:id/fulfilment` (DESIGN.md, control API). */
export const productControlRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/:id/fulfilment', (c) => {
      const product = findProduct(emu, c.var.shop, c.req.param('id'))
      return c.json(presentSetup(emu, product, emu.store.c.fulfilments.get(product.id)))
    })
    .put('/:id/fulfilment', async (c) => {
      const body = await readBody(c, FulfilmentSetupBodySchema)
      const view = await emu.store.tx((tx) => {
        const product = findProduct(emu, c.var.shop, c.req.param('id'))
        const setup = applyFulfilmentSetup(emu, tx, c.var.shop, product, body)
        return presentSetup(emu, emu.store.c.products.get(product.id)!, setup)
      })
      return c.json(view)
    })
