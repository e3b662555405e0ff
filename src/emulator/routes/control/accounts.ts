import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { CreateAccountBodySchema } from '../../../spec/accounts.js'
import { StoreError } from '../../../spec/errors.js'
import type { EmulatorOptions } from '../../deps.js'
import { bearerSecret } from '../../middleware/auth.js'
import { readBody } from '../../middleware/validate.js'
import { presentAccount, presentKey, presentShop } from '../../present/accounts.js'
import type { Services } from '../../services/index.js'

type Caller = { isAdmin: true } | { isAdmin: false; accountId: string }

const digest = (secret: string) => createHash('sha256').update(secret).digest()

/** The admin key (`--admin-key`) or the account of a valid key; 401 for anything else. */
function callerOf(services: Services, options: EmulatorOptions, header: string | undefined): Caller {
  const secret = bearerSecret(header)
  if (options.adminKey !== undefined && timingSafeEqual(digest(secret), digest(options.adminKey)))
    return { isAdmin: true }
  return { isAdmin: false, accountId: services.accounts.authenticate(secret).account.id }
}

/**
 * `/_emulator/accounts` (README, "Accounts"): isolated accounts on one emulator, each with its own
 * key, first shop and clock. Who may: with `--admin-key`, only that key creates and it deletes
 * any account; without it any valid key creates, and a key deletes only its own account.
 */
export const accountRoutes = (services: Services, options: EmulatorOptions) =>
  new Hono()
    .post('/', async (c) => {
      const caller = callerOf(services, options, c.req.header('authorization'))
      if (options.adminKey !== undefined && !caller.isAdmin)
        throw new StoreError(
          403,
          'only the admin key may create accounts on this emulator (store serve --admin-key); send it as Authorization: Bearer <ADMIN_KEY>',
        )
      const body = await readBody(c, CreateAccountBodySchema)
      const { account, shop, key, secret } = await services.states.createAccount({
        name: body.name,
        shopName: body.shop?.name,
        slug: body.shop?.slug,
        seed: body.seed,
      })
      // The secret is shown once, in this answer only (spec, "Authentication").
      return c.json(
        { account: presentAccount(account), shop: presentShop(shop), key: { ...presentKey(key), secret } },
        201,
      )
    })
    .delete('/:id', async (c) => {
      const caller = callerOf(services, options, c.req.header('authorization'))
      const id = c.req.param('id')
      if (!caller.isAdmin && caller.accountId !== id)
        throw new StoreError(403, `a key may delete only its own account (${caller.accountId}), not ${id}`)
      await services.states.deleteAccount(id)
      return c.json({ success: true as const })
    })
