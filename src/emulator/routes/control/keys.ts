import { Hono } from 'hono'
import { CreateKeyBodySchema } from '../../../spec/shops.js'
import { StoreError, notFound } from '../../../spec/errors.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { readBody } from '../../middleware/validate.js'
import { presentKey } from '../../present/accounts.js'
import { buildKey } from '../../store/accounts.js'
import { newSecretKey } from '../../ids.js'

export const keyRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => c.json({ keys: [...emu.store.c.keys.oldestFirst('account', c.var.account.id)].map(presentKey) }))
    .post('/', async (c) => {
      const body =
        c.req.header('content-length') === '0' || !c.req.header('content-type')
          ? {}
          : await readBody(c, CreateKeyBodySchema)
      const secret = newSecretKey(emu.random)
      const key = await emu.store.tx((tx) => tx.put('keys', buildKey(emu, c.var.account.id, secret, body.name ?? null)))
      // The secret is shown once, in this answer only (spec, "Authentication").
      return c.json({ ...presentKey(key), secret }, 201)
    })
    .delete('/:id', async (c) => {
      await emu.store.tx((tx) => {
        const key = emu.store.c.keys.get(c.req.param('id'))
        if (!key || key.accountId !== c.var.account.id) throw notFound('key', c.req.param('id'))
        if (emu.store.c.keys.count('account', key.accountId) === 1)
          throw new StoreError(409, "cannot revoke the account's last key; create another key first")
        tx.delete('keys', key.id)
      })
      return c.json({ success: true as const })
    })
