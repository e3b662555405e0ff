import { Hono } from 'hono'
import { CreateBlacklistBodySchema, UpdateBlacklistBodySchema } from '../../../spec/blacklists.js'
import { NoQuerySchema } from '../../../spec/common.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { presentBlacklistEntry } from '../../present/blacklists.js'
import {
  applyBlacklistUpdate,
  buildBlacklistEntry,
  findBlacklistEntry,
  listBlacklists,
} from '../../store/blacklists.js'

export const blacklistRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      return c.json({ blacklists: listBlacklists(emu, c.var.shop).map(presentBlacklistEntry) })
    })
    .get('/:id', (c) => c.json(presentBlacklistEntry(findBlacklistEntry(emu, c.var.shop, c.req.param('id')))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateBlacklistBodySchema)
      const entry = await emu.store.tx((tx) => tx.put('blacklists', buildBlacklistEntry(emu, c.var.shop, body)))
      return c.json(presentBlacklistEntry(entry), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateBlacklistBodySchema)
      const entry = await emu.store.tx((tx) => {
        const before = findBlacklistEntry(emu, c.var.shop, c.req.param('id'))
        return tx.put('blacklists', applyBlacklistUpdate(emu, c.var.shop, before, body))
      })
      return c.json(presentBlacklistEntry(entry))
    })
    .delete('/:id', async (c) => {
      await emu.store.tx((tx) => tx.delete('blacklists', findBlacklistEntry(emu, c.var.shop, c.req.param('id')).id))
      return c.json({ success: true as const })
    })
