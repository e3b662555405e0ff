import { createHash, timingSafeEqual } from 'node:crypto'
import { StoreError } from '../../../contract/errors.js'
import type { EmulatorOptions } from '../../deps.js'
import { bearerSecret } from '../../middleware/auth.js'
import { answerPreferredCode } from '../../middleware/faults.js'
import { presentAccount, presentKey, presentShop } from '../../services/accounts/present.js'
import type { Services } from '../../services/index.js'
import { publicHandlers } from '../route.js'

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
 * `/_emulator/accounts` (docs/testing.md, "Accounts"): isolated accounts on one emulator, each with its own
 * key, first shop and clock. Who may: with `--admin-key`, only that key creates and it deletes
 * any account; without it any valid key creates, and a key deletes only its own account. Mounted
 * before the control API: the admin key is no account's key.
 */
export const accountHandlers = publicHandlers({
  createAccount: async (c, { services, options, body }) => {
    const caller = callerOf(services, options, c.req.header('authorization'))
    if (options.adminKey !== undefined && !caller.isAdmin)
      throw new StoreError(
        403,
        'only the admin key may create accounts on this emulator (store serve --admin-key); send it as Authorization: Bearer <ADMIN_KEY>',
      )
    const { name, shop: first, seed } = await body()
    answerPreferredCode(c.req.header('prefer'))
    const { account, shop, key, secret } = await services.states.createAccount({
      name,
      shopName: first?.name,
      slug: first?.slug,
      seed,
    })
    // The secret is shown once, in this answer only (spec, "Authentication").
    return { account: presentAccount(account), shop: presentShop(shop), key: { ...presentKey(key), secret } }
  },
  deleteAccount: async (c, { services, options, params: { id } }) => {
    const caller = callerOf(services, options, c.req.header('authorization'))
    if (!caller.isAdmin && caller.accountId !== id)
      throw new StoreError(403, `a key may delete only its own account (${caller.accountId}), not ${id}`)
    answerPreferredCode(c.req.header('prefer'))
    await services.states.deleteAccount(id)
    return { success: true }
  },
})
