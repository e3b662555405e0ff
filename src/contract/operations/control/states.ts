import {
  RestoreStateBodySchema,
  SaveStateBodySchema,
  SavedStateListSchema,
  SeedExportSchema,
  StateChangeSchema,
} from '../../states.js'
import { ACCOUNT_DELETED, type OperationInput, json } from '../operation.js'

const RESTORE_CONFLICT =
  'A record of the state is held by another account meanwhile, or the account has no seed state (its db was made before saved states existed).'
const TAG = 'accounts and states'

/** The calling account's saved states, its export as a seed file, and its reset. */
export const STATE_OPERATIONS = {
  listStates: {
    method: 'get',
    path: '/_emulator/state',
    summary: "List the account's saved states",
    tag: TAG,
    ok: { status: 200, description: '`{ states: [...] }`', content: json(SavedStateListSchema) },
  },
  exportState: {
    method: 'get',
    path: '/_emulator/state/export',
    summary: 'The shop as a seed file',
    description:
      "The shop (`X-Service-Shop`, or the oldest) as a seed file: products with their setup (`fulfilment`), coupons, categories, groups, blacklists, customers and orders. `store serve --seed FILE` loads it, and `POST /_emulator/state/restore {seed}` replaces a shop's records with it. Webhook endpoints, subscriptions, queries and mystery server seeds are not part of it.",
    tag: TAG,
    ok: {
      status: 200,
      description: 'Records by collection.',
      content: json(SeedExportSchema.meta({ description: 'A seed file: each collection a list of records.' })),
    },
  },
  saveState: {
    method: 'post',
    path: '/_emulator/state/save',
    summary: 'Save the account',
    description:
      'Its shops and every record of them and its clock; not its keys, nor its event and delivery logs. Saving under a name that exists replaces that state.',
    tag: TAG,
    body: SaveStateBodySchema,
    ok: {
      status: 201,
      description: 'The saved state: name, time, size on disk and records.',
      content: json(StateChangeSchema),
    },
    errors: [[404, ACCOUNT_DELETED]],
  },
  restoreState: {
    method: 'post',
    path: '/_emulator/state/restore',
    summary: 'Restore a saved state, or import a seed file',
    description:
      "`{name}` puts a saved state back in one transaction and empties the account's event and delivery logs (sequence numbers keep growing). `{seed}` replaces the shop's records (`X-Service-Shop`, or the oldest) with a seed file's, as if the shop were new and seeded with it.",
    tag: TAG,
    body: RestoreStateBodySchema,
    ok: { status: 200, description: 'What the account (or shop) holds now.', content: json(StateChangeSchema) },
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
    tag: TAG,
    ok: { status: 200, description: 'How many records the account holds now.', content: json(StateChangeSchema) },
    errors: [
      [404, ACCOUNT_DELETED],
      [409, RESTORE_CONFLICT],
    ],
  },
} satisfies Record<string, OperationInput>
