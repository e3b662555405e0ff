import { Hono } from 'hono'
import { CreateShopBodySchema } from '../../../spec/shops.js'
import { StoreError } from '../../../spec/errors.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { readBody } from '../../middleware/validate.js'
import { presentShop } from '../../present/accounts.js'
import { buildShop } from '../../store/accounts.js'
import { defaultTheme } from '../../store/themes.js'

export const shopRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) =>
      c.json({ shops: [...emu.store.c.shops.oldestFirst('account', c.var.account.id)].map(presentShop) }),
    )
    .post('/', async (c) => {
      const body = await readBody(c, CreateShopBodySchema)
      const shop = await emu.store.tx((tx) => {
        if (emu.store.c.shops.getBy('slug', body.slug))
          throw new StoreError(409, `slug: a shop with slug "${body.slug}" already exists; choose another`, [
            { field: 'slug', message: 'is taken' },
          ])
        const created = tx.put('shops', buildShop(emu, c.var.account.id, body.name, body.slug))
        tx.put('themes', defaultTheme(emu, created))
        return created
      })
      return c.json(presentShop(shop), 201)
    })
