import { ApiKeyListSchema, ApiKeySchema, CreateKeyBodySchema } from '../../shops.js'
import { ACCOUNT_DELETED, SUCCESS, json, type OperationInput } from '../operation.js'

/** The calling account's API keys. */
export const KEY_OPERATIONS = {
  listKeys: {
    method: 'get',
    path: '/_emulator/keys',
    summary: "List the account's keys",
    description: 'Masked: prefix and last four characters; the secret is never shown again.',
    tag: 'shops and keys',
    ok: { status: 200, description: '`{ keys: [...] }`', content: json(ApiKeyListSchema) },
  },
  createKey: {
    method: 'post',
    path: '/_emulator/keys',
    summary: 'Add a key',
    description: 'The secret (`sk_live_…`) is in this answer only (spec, "Authentication"). The body may be left out.',
    tag: 'shops and keys',
    body: CreateKeyBodySchema,
    bodyOptional: true,
    ok: { status: 201, description: 'The key with its `secret`.', content: json(ApiKeySchema) },
    errors: [[404, ACCOUNT_DELETED]],
  },
  revokeKey: {
    method: 'delete',
    path: '/_emulator/keys/{id}',
    summary: 'Revoke a key',
    description: 'Requests with it answer 401 from now on; dashboard sessions it opened end.',
    tag: 'shops and keys',
    params: { id: "The key's id (`key_…`)." },
    ok: SUCCESS,
    errors: [[409, "The account's last key cannot be revoked; create another first."]],
  },
} satisfies Record<string, OperationInput>
