import { createHash, timingSafeEqual } from 'node:crypto'
import { CreateAccountBodySchema, CreatedAccountSchema } from '../../../contract/accounts.js'
import { StoreError } from '../../../contract/errors.js'
import type { EmulatorOptions } from '../../deps.js'
import { bearerSecret } from '../../middleware/auth.js'
import { answerPreferredCode } from '../../middleware/faults.js'
import { HOST_REFUSED, SUCCESS, json } from '../../openapi/operations.js'
import { presentAccount, presentKey, presentShop } from '../../services/accounts/present.js'
import type { Services } from '../../services/index.js'
import { publicRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

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
 * any account; without it any valid key creates, and a key deletes only its own account. Mounted
 * before the control API: the admin key is no account's key.
 */
export const ACCOUNT_ROUTES = [
  publicRoute(
    {
      method: 'post',
      path: '/_emulator/accounts',
      operationId: 'createAccount',
      summary: 'Create an account',
      description:
        "An isolated account with its own key (the secret is in this answer only), a first shop (`shop.slug` given, or `shop-<random>`), its own default theme and its own clock. `seed` is a seed file's content (as `store serve --seed FILE`), checked the same way; without it the shop starts empty. Who may: without `--admin-key`, any valid key; with `store serve --admin-key KEY`, only that key (sent as `Authorization: Bearer <ADMIN_KEY>`).",
      tag: 'accounts and states',
      keyOnly: true,
      body: CreateAccountBodySchema,
      ok: {
        status: 201,
        description: 'The account, its first shop and its key with `secret`.',
        content: json(CreatedAccountSchema),
      },
      errors: [
        [400, 'Invalid fields, or a seed file that does not check (the error names the record and field).'],
        [403, `The emulator runs with \`--admin-key\` and this is not the admin key. ${HOST_REFUSED}`],
        [409, 'A shop with this slug already exists.'],
      ],
    },
    async (c, { services, options, body }) => {
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
      return answerJson(
        c,
        { account: presentAccount(account), shop: presentShop(shop), key: { ...presentKey(key), secret } },
        201,
      )
    },
  ),
  publicRoute(
    {
      method: 'delete',
      path: '/_emulator/accounts/{id}',
      operationId: 'deleteAccount',
      summary: 'Delete an account',
      description:
        'Removes the account with its shops, records, event and delivery logs, keys and saved states. A key may delete only its own account; the admin key (`--admin-key`) any.',
      tag: 'accounts and states',
      keyOnly: true,
      params: { id: "The account's id." },
      ok: SUCCESS,
      errors: [[403, `A key deleting another account than its own. ${HOST_REFUSED}`]],
    },
    async (c, { services, options, params: { id } }) => {
      const caller = callerOf(services, options, c.req.header('authorization'))
      if (!caller.isAdmin && caller.accountId !== id)
        throw new StoreError(403, `a key may delete only its own account (${caller.accountId}), not ${id}`)
      answerPreferredCode(c.req.header('prefer'))
      await services.states.deleteAccount(id)
      return answerJson(c, { success: true as const })
    },
  ),
]
