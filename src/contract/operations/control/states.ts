import {
  RestoreStateBodySchema,
  SaveStateBodySchema,
  SavedStateListSchema,
  SeedExportSchema,
  StateChangeSchema,
} from '../../states.js'
import { CreateAccountBodySchema, CreatedAccountSchema } from '../../accounts.js'
import { answer, ACCOUNT_DELETED, HOST_REFUSED, SUCCESS, area } from '../operation.js'

const RESTORE_CONFLICT =
  'A record of the state is held by another account meanwhile, or the account has no seed state (its db was made before saved states existed).'

/**
 * The calling account's saved states, its export as a seed file and its reset; and accounts
 * (docs/testing.md, "Accounts"): isolated accounts on one emulator, called with any valid key or the admin key.
 */
export const STATE_OPERATIONS = area('accounts and states', {
  listStates: {
    method: 'get',
    path: '/_emulator/state',
    summary: "List the account's saved states",
    ok: answer(200, '`{ states: [...] }`', SavedStateListSchema),
  },
  exportState: {
    method: 'get',
    path: '/_emulator/state/export',
    summary: 'The shop as a seed file',
    description:
      "The shop (`X-Service-Shop`, or the oldest) as a seed file: products with their setup (`fulfilment`), coupons, categories, groups, blacklists, customers and orders. `store serve --seed FILE` loads it, and `POST /_emulator/state/restore {seed}` replaces a shop's records with it. Webhook endpoints, subscriptions, queries and mystery server seeds are not part of it.",
    ok: answer(
      200,
      'Records by collection.',
      SeedExportSchema.meta({ description: 'A seed file: each collection a list of records.' }),
    ),
  },
  saveState: {
    method: 'post',
    path: '/_emulator/state/save',
    summary: 'Save the account',
    description:
      'Its shops and every record of them and its clock; not its keys, nor its event and delivery logs. Saving under a name that exists replaces that state.',
    body: SaveStateBodySchema,
    ok: answer(201, 'The saved state: name, time, size on disk and records.', StateChangeSchema),
    errors: [[404, ACCOUNT_DELETED]],
  },
  restoreState: {
    method: 'post',
    path: '/_emulator/state/restore',
    summary: 'Restore a saved state, or import a seed file',
    description:
      "`{name}` puts a saved state back in one transaction and empties the account's event and delivery logs (sequence numbers keep growing). `{seed}` replaces the shop's records (`X-Service-Shop`, or the oldest) with a seed file's, as if the shop were new and seeded with it.",
    body: RestoreStateBodySchema,
    ok: answer(200, 'What the account (or shop) holds now.', StateChangeSchema),
    errors: [
      [400, 'Invalid fields, or a seed file that does not check (the error names the record and field).'],
      [404, `No saved state of this name. ${ACCOUNT_DELETED}`],
      [409, RESTORE_CONFLICT],
    ],
  },
  resetAccount: {
    method: 'post',
    path: '/_emulator/reset',
    summary: 'Reset the account',
    description: "Restores the state the account was created with (a new db's first account: as `--seed` filled it).",
    ok: answer(200, 'How many records the account holds now.', StateChangeSchema),
    errors: [
      [404, ACCOUNT_DELETED],
      [409, RESTORE_CONFLICT],
    ],
  },
  createAccount: {
    method: 'post',
    path: '/_emulator/accounts',
    summary: 'Create an account',
    description:
      "An isolated account with its own key (the secret is in this answer only), a first shop (`shop.slug` given, or `shop-<random>`), its own default theme and its own clock. `seed` is a seed file's content (as `store serve --seed FILE`), checked the same way; without it the shop starts empty. Who may: without `--admin-key`, any valid key; with `store serve --admin-key KEY`, only that key (sent as `Authorization: Bearer <ADMIN_KEY>`).",
    keyOnly: true,
    body: CreateAccountBodySchema,
    ok: answer(201, 'The account, its first shop and its key with `secret`.', CreatedAccountSchema),
    errors: [
      [400, 'Invalid fields, or a seed file that does not check (the error names the record and field).'],
      [403, `The emulator runs with \`--admin-key\` and this is not the admin key. ${HOST_REFUSED}`],
      [409, 'A shop with this slug already exists.'],
    ],
  },
  deleteAccount: {
    method: 'delete',
    path: '/_emulator/accounts/{id}',
    summary: 'Delete an account',
    description:
      'Removes the account with its shops, records, event and delivery logs, keys and saved states. A key may delete only its own account; the admin key (`--admin-key`) any.',
    keyOnly: true,
    params: { id: "The account's id." },
    ok: SUCCESS,
    errors: [[403, `A key deleting another account than its own. ${HOST_REFUSED}`]],
  },
})
