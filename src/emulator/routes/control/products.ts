import { Hono } from 'hono'
import { FulfilmentSetupBodySchema } from '../../../spec/fulfilment.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { readBody } from '../../middleware/validate.js'
import type { Services } from '../../services/index.js'

/** Dashboard-only product setup: `/_emulator/products/:id/fulfilment` (DESIGN.md, control API). */
export const productControlRoutes = ({ catalogue }: Services) =>
  new Hono<AuthedEnv>()
    .get('/:id/fulfilment', (c) => c.json(catalogue.setup(c.var.shop, c.req.param('id'))))
    .put('/:id/fulfilment', async (c) => {
      const body = await readBody(c, FulfilmentSetupBodySchema)
      return c.json(await catalogue.putSetup(c.var.shop, c.req.param('id'), body))
    })
