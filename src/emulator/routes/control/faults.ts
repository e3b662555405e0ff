import { Hono } from 'hono'
import { CreateFaultBodySchema } from '../../../spec/faults.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { readBody } from '../../middleware/validate.js'
import type { Services } from '../../services/index.js'

/** `/_emulator/faults`: the calling account's rules that make chosen requests fail (README, "Chosen failures"). */
export const faultRoutes = ({ faults }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => c.json({ faults: faults.list(c.var.account) }))
    .post('/', async (c) => c.json(faults.create(c.var.account, await readBody(c, CreateFaultBodySchema)), 201))
    .delete('/:id', (c) => {
      faults.delete(c.var.account, c.req.param('id'))
      return c.json({ success: true as const })
    })
