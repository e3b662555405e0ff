import { Hono } from 'hono'
import { CreateGroupBodySchema, UpdateGroupBodySchema } from '../../../spec/groups.js'
import { NoQuerySchema } from '../../../spec/common.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { applyGroupUpdate, buildGroup, findGroup, listGroups, presentGroup } from '../../services/groups.js'

export const groupRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      return c.json({ groups: listGroups(emu, c.var.shop).map((group) => presentGroup(emu, c.var.shop, group)) })
    })
    .get('/:id', (c) => c.json(presentGroup(emu, c.var.shop, findGroup(emu, c.var.shop, c.req.param('id')))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateGroupBodySchema)
      const group = await emu.store.tx((tx) => tx.put('groups', buildGroup(emu, c.var.shop, body)))
      return c.json(presentGroup(emu, c.var.shop, group), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateGroupBodySchema)
      const group = await emu.store.tx((tx) => {
        const before = findGroup(emu, c.var.shop, c.req.param('id'))
        return tx.put('groups', applyGroupUpdate(emu, c.var.shop, before, body))
      })
      return c.json(presentGroup(emu, c.var.shop, group))
    })
    // Member products are kept; categories keep the id and stop showing the group (spec, "Groups").
    .delete('/:id', async (c) => {
      await emu.store.tx((tx) => tx.delete('groups', findGroup(emu, c.var.shop, c.req.param('id')).id))
      return c.json({ success: true as const })
    })
