import { CreateAccountBodySchema, CreatedAccountSchema } from '../../accounts.js'
import { HOST_REFUSED, SUCCESS, json, type OperationInput } from '../operation.js'

/** `/_emulator/accounts` (docs/testing.md, "Accounts"): isolated accounts on one emulator, called with any valid key or the admin key. */
export const ACCOUNT_OPERATIONS = {
  createAccount: {
    method: 'post',
    path: '/_emulator/accounts',
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
  deleteAccount: {
    method: 'delete',
    path: '/_emulator/accounts/{id}',
    summary: 'Delete an account',
    description:
      'Removes the account with its shops, records, event and delivery logs, keys and saved states. A key may delete only its own account; the admin key (`--admin-key`) any.',
    tag: 'accounts and states',
    keyOnly: true,
    params: { id: "The account's id." },
    ok: SUCCESS,
    errors: [[403, `A key deleting another account than its own. ${HOST_REFUSED}`]],
  },
} satisfies Record<string, OperationInput>
