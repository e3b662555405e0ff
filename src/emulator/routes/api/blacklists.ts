import {
  BlacklistEntrySchema,
  BlacklistListSchema,
  CreateBlacklistBodySchema,
  UpdateBlacklistBodySchema,
} from '../../../spec/blacklists.js'
import { NoQuerySchema } from '../../../spec/common.js'
import { SUCCESS, json } from '../../openapi/operations.js'
import { presentBlacklistEntry } from '../../services/blacklists/present.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

const ID = { id: "The blacklist entry's id." }
const CONFLICT: [number, string] = [409, 'An entry with this type and value already exists.']

export const blacklistRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/blacklists',
      operationId: 'listBlacklists',
      summary: 'List blacklist entries',
      description: 'Visitors matching an entry cannot use the storefront. Emulator: newest first.',
      tag: 'blacklists',
      query: NoQuerySchema,
      ok: { status: 200, description: '`{ blacklists: [...] }`', content: json(BlacklistListSchema) },
    },
    (c, { services }) => answerJson(c, { blacklists: services.blacklists.list(c.var.shop).map(presentBlacklistEntry) }),
  ),
  authedRoute(
    {
      method: 'get',
      path: '/blacklists/{id}',
      operationId: 'getBlacklistEntry',
      summary: 'Read a blacklist entry',
      tag: 'blacklists',
      params: ID,
      ok: { status: 200, description: 'The blacklist entry.', content: json(BlacklistEntrySchema) },
    },
    (c, { services, params }) => answerJson(c, presentBlacklistEntry(services.blacklists.get(c.var.shop, params.id))),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/blacklists',
      operationId: 'createBlacklistEntry',
      summary: 'Create a blacklist entry',
      description:
        '`value` is an IPv4 or IPv6 address for IP, a 2-letter country code for COUNTRY (uppercased), an e-mail address for EMAIL (lowercased).',
      tag: 'blacklists',
      body: CreateBlacklistBodySchema,
      ok: { status: 201, description: 'The created blacklist entry.', content: json(BlacklistEntrySchema) },
      errors: [CONFLICT],
    },
    async (c, { services, body }) =>
      answerJson(c, presentBlacklistEntry(await services.blacklists.create(c.var.shop, await body())), 201),
  ),
  authedRoute(
    {
      method: 'put',
      path: '/blacklists/{id}',
      operationId: 'updateBlacklistEntry',
      summary: 'Update a blacklist entry',
      description: 'Applies only the fields sent.',
      tag: 'blacklists',
      params: ID,
      body: UpdateBlacklistBodySchema,
      ok: { status: 200, description: 'The updated blacklist entry.', content: json(BlacklistEntrySchema) },
      errors: [CONFLICT],
    },
    async (c, { services, params, body }) =>
      answerJson(c, presentBlacklistEntry(await services.blacklists.update(c.var.shop, params.id, await body()))),
  ),
  authedRoute(
    {
      method: 'delete',
      path: '/blacklists/{id}',
      operationId: 'deleteBlacklistEntry',
      summary: 'Delete a blacklist entry',
      description: 'The visitor is no longer blocked.',
      tag: 'blacklists',
      params: ID,
      ok: SUCCESS,
    },
    async (c, { services, params }) => {
      await services.blacklists.delete(c.var.shop, params.id)
      return answerJson(c, { success: true as const })
    },
  ),
]
