import { ApiKeyListSchema, ApiKeySchema, CreateKeyBodySchema } from '../../../contract/shops.js'
import { ACCOUNT_DELETED, SUCCESS, json } from '../../openapi/operations.js'
import { presentKey } from '../../services/accounts/present.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

/** The calling account's API keys. */
export const keyRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/keys',
      operationId: 'listKeys',
      summary: "List the account's keys",
      description: 'Masked: prefix and last four characters; the secret is never shown again.',
      tag: 'shops and keys',
      ok: { status: 200, description: '`{ keys: [...] }`', content: json(ApiKeyListSchema) },
    },
    (c, { services }) => answerJson(c, { keys: services.accounts.keys(c.get('account')).map(presentKey) }),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/keys',
      operationId: 'createKey',
      summary: 'Add a key',
      description:
        'The secret (`sk_live_…`) is in this answer only (spec, "Authentication"). The body may be left out.',
      tag: 'shops and keys',
      body: CreateKeyBodySchema,
      bodyOptional: true,
      ok: { status: 201, description: 'The key with its `secret`.', content: json(ApiKeySchema) },
      errors: [[404, ACCOUNT_DELETED]],
    },
    async (c, { services, body }) => {
      const { name } = await body()
      const { key, secret } = await services.accounts.createKey(c.get('account'), name ?? null)
      // The secret is shown once, in this answer only (spec, "Authentication").
      return answerJson(c, { ...presentKey(key), secret }, 201)
    },
  ),
  authedRoute(
    {
      method: 'delete',
      path: '/_emulator/keys/{id}',
      operationId: 'revokeKey',
      summary: 'Revoke a key',
      description: 'Requests with it answer 401 from now on; dashboard sessions it opened end.',
      tag: 'shops and keys',
      params: { id: "The key's id (`key_…`)." },
      ok: SUCCESS,
      errors: [[409, "The account's last key cannot be revoked; create another first."]],
    },
    async (c, { services, params }) => {
      await services.accounts.revokeKey(c.get('account'), params.id)
      return answerJson(c, { success: true as const })
    },
  ),
]
