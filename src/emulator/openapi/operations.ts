import { z } from 'zod'
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from 'zod-openapi'
import { SuccessSchema } from '../../contract/common.js'
import { ErrorBodySchema } from '../../contract/errors.js'

/** An error status a route can answer, with what makes it answer so when that is more than the general meaning. */
export type ErrorCase = number | [status: number, when: string]

/**
 * What a route is, in the document's words: its method and path, what it takes and what it
 * answers. Each route declares one beside its handler (routes/route.ts); the documents are made
 * of them.
 */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete'
  /** OpenAPI path template (`/products/{id}`), relative to the document's server. */
  path: string
  operationId: string
  summary: string
  description?: string
  tag: string
  /** Bearer key and `X-Service-Shop` (default); false for public routes. */
  auth?: boolean
  /**
   * Authenticated by the key alone: `X-Service-Shop` is not read and the per-key rate limit does
   * not count the request (the accounts routes, which the admin key calls too).
   */
  keyOnly?: boolean
  /** Path parameters and what each accepts. */
  params?: Record<string, string>
  query?: z.ZodType<unknown, Record<string, unknown>>
  /** Request headers other than the key and the shop. */
  headers?: z.ZodType<unknown, Record<string, unknown>>
  body?: z.ZodType
  /** The body may be left out entirely (it then counts as `{}`). */
  bodyOptional?: boolean
  /** The answer on success: its status, words, and one or more content types with their schemas. */
  ok: { status: number; description: string; content: Record<string, z.ZodType> }
  /** The error statuses beyond those every route of its kind can answer (see `errorsOf`). */
  errors?: ErrorCase[]
  /** Browsers get a page (`text/html`) instead of JSON, error pages included. */
  pages?: boolean
}

/** What each error status means in this API (spec, "Errors"; README, "Errors"). */
export const ERROR_MEANINGS: Record<number, string> = {
  400: 'Invalid parameters or missing required fields: `error` reads `<field>: <message>` and `errors` lists every field at fault. Also unknown fields or query parameters, wrong types, out-of-range numbers, malformed JSON.',
  401: 'Missing, malformed or unknown API key.',
  403: "The shop named by `X-Service-Shop` is not a shop of the key's account (an unknown shop answers the same); or, over the network, a `Host` the emulator does not answer to.",
  404: 'The record does not exist in the selected shop; or, for a write, its account was deleted while the request ran (nothing was changed).',
  409: 'Conflict with the stored state; or, for a write, its account was being restored or reset while the request ran (nothing was changed: send it again).',
  413: 'The body is larger than the emulator accepts: 1 MiB on `/api/v1` and `/_emulator` unless `store serve` was told otherwise, 64 KiB on `/storefront`.',
  415: 'The body was not sent as `Content-Type: application/json`.',
  429: 'Rate limit exceeded (`store serve --rate-limit`, per key; `--storefront-rate-limit`, storefront writes per visitor); the `Retry-After` header says when to retry, in seconds.',
  500: 'Internal error, an injected failure (`--fail-rate`, `/api/v1` only) or a write the disk refused; retry later. Never an answer to bad input.',
  507: 'The store is full: the db file and its journal are past `store serve --max-db-size`. Writes are refused, reads go on: delete records (DELETE still works), or restart `store serve` with a larger `--max-db-size`.',
}

/** The 404 of a write that reached an account after its deletion. */
export const ACCOUNT_DELETED = 'The account was deleted while the request ran; nothing was changed.'
/** The `Host` check every request over the network passes, in words for a route's own 403. */
export const HOST_REFUSED =
  'Over the network, a `Host` the emulator does not answer to (a guard against DNS rebinding): `localhost`, IP addresses, `--host` and each `store serve --allowed-host NAME` are admitted.'

/** A route's content: one JSON schema. */
export const json = (schema: z.ZodType) => ({ 'application/json': schema })

/** The answer of a route that removes something. */
export const SUCCESS: Operation['ok'] = {
  status: 200,
  description: '`{ "success": true }`',
  content: json(SuccessSchema),
}

export const errorResponseName = (status: number) => `Error${status}`

const ERROR_PAGE = z.string().meta({ description: 'An error page saying what went wrong.' })

/** The statuses a route answers besides its success: auth, shop, input, body, lookups, and its own. */
export function errorsOf(route: Operation): ErrorCase[] {
  const auth = route.auth !== false
  const common: ErrorCase[] = []
  // Every POST and PUT passes the body limit, which refuses a body too large (413) or cut off (400),
  // and the db size guard, which refuses writes to a full store (507).
  const takesBody = route.method === 'post' || route.method === 'put'
  if (route.query || takesBody || route.headers) common.push(400)
  if (auth) common.push(401)
  // Every request passes the Host check; a route with a key also names its shop.
  common.push(auth && !route.keyOnly ? 403 : [403, HOST_REFUSED])
  // A write whose account is deleted, restored or reset while it runs is refused (services/accounts/fences.ts).
  const writes = route.method !== 'get'
  if (route.params || writes) common.push(404)
  if (writes) common.push(409)
  if (takesBody) common.push(413)
  if (route.body) common.push(415)
  if (auth && !route.keyOnly) common.push(429)
  common.push(500)
  if (takesBody) common.push(507)
  const own = route.errors ?? []
  const ownStatuses = new Set(own.map((e) => (Array.isArray(e) ? e[0] : e)))
  return [...common.filter((e) => !ownStatuses.has(Array.isArray(e) ? e[0] : e)), ...own].sort(
    (a, b) => (Array.isArray(a) ? a[0] : a) - (Array.isArray(b) ? b[0] : b),
  )
}

/** The shared error answers, one per status, each `{ error, errors? }`. */
export function errorResponses(): Record<string, ZodOpenApiResponseObject> {
  const out: Record<string, ZodOpenApiResponseObject> = {}
  for (const [status, description] of Object.entries(ERROR_MEANINGS)) {
    const response: ZodOpenApiResponseObject = {
      description,
      content: { 'application/json': { schema: ErrorBodySchema } },
    }
    if (status === '429')
      response.headers = z.object({
        'Retry-After': z.string().optional().meta({
          description:
            'Seconds to wait before retrying; sent with every rate-limit refusal, not with the cap on open event streams.',
        }),
      })
    out[errorResponseName(Number(status))] = response
  }
  return out
}

function operationOf(route: Operation): ZodOpenApiOperationObject {
  const auth = route.auth !== false
  const responses: ZodOpenApiResponsesObject = {
    [String(route.ok.status) as '200']: {
      description: route.ok.description,
      content: Object.fromEntries(Object.entries(route.ok.content).map(([type, schema]) => [type, { schema }])),
    },
  }
  for (const error of errorsOf(route)) {
    const [status, when] = Array.isArray(error) ? error : [error, undefined]
    responses[String(status) as '400'] = route.pages
      ? {
          description: when ?? ERROR_MEANINGS[status],
          content: { 'application/json': { schema: ErrorBodySchema }, 'text/html': { schema: ERROR_PAGE } },
        }
      : { $ref: `#/components/responses/${errorResponseName(status)}`, ...(when ? { description: when } : {}) }
  }
  const path = route.params
    ? z.object(
        Object.fromEntries(
          Object.entries(route.params).map(([name, description]) => [name, z.string().meta({ description })]),
        ),
      )
    : undefined
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(!auth
      ? { security: [] }
      : route.keyOnly
        ? {}
        : { parameters: [{ $ref: '#/components/parameters/ShopHeader' }] }),
    requestParams: {
      ...(path ? { path } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(route.headers ? { header: route.headers } : {}),
    },
    ...(route.body
      ? {
          requestBody: {
            required: !route.bodyOptional,
            content: { 'application/json': { schema: route.body } },
          },
        }
      : {}),
    responses,
  }
}

/** The routes as OpenAPI path items, in the order given. */
export function pathsOf(routes: Operation[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {}
  for (const route of routes) {
    const named = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).join()
    if (named !== Object.keys(route.params ?? {}).join())
      throw new Error(
        `${route.method.toUpperCase()} ${route.path} describes the parameters ${Object.keys(route.params ?? {})}`,
      )
    const item = (paths[route.path] ??= {})
    if (item[route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} is described twice`)
    item[route.method] = operationOf(route)
  }
  return paths
}
