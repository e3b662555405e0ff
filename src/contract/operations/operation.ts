import type * as z from 'zod'
import { SuccessSchema } from '../common.js'

/** An error status a route can answer, with what makes it answer so when that is more than the general meaning. */
export type ErrorCase = number | readonly [status: number, when: string]

/**
 * What an operation is, in the document's words: its method and path, what it takes and what it
 * answers. Declared once here as plain data (operations/api, operations/control), keyed by its
 * operationId; the emulator binds a handler to each, the client calls them, the documents are
 * made of them.
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
  params?: Readonly<Record<string, string>>
  query?: z.ZodType<unknown, Record<string, unknown>>
  /** Request headers other than the key and the shop. */
  headers?: z.ZodType<unknown, Record<string, unknown>>
  body?: z.ZodType
  /** The body may be left out entirely (it then counts as `{}`). */
  bodyOptional?: boolean
  /** The answer on success: its status, words, and one or more content types with their schemas. */
  ok: { status: number; description: string; content: Readonly<Record<string, z.ZodType>> }
  /** The error statuses beyond those every route of its kind can answer (see `errorsOf`). */
  errors?: readonly ErrorCase[]
  /** Browsers get a page (`text/html`) instead of JSON, error pages included. */
  pages?: boolean
}

/** What each error status means in this API (spec, "Errors"; docs/emulator.md, "Errors"). */
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

export const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': schema })

/** An answer of one JSON schema. */
export const answer = <const N extends number, S extends z.ZodType>(status: N, description: string, schema: S) => ({
  status,
  description,
  content: json(schema),
})

/** The answer of a route that removes something. */
export const SUCCESS = answer(200, '`{ "success": true }`', SuccessSchema)

/** The statuses a route answers besides its success: auth, shop, input, body, lookups, and its own. */
export function errorsOf(route: OperationInput): ErrorCase[] {
  const auth = route.auth !== false
  const common: ErrorCase[] = []
  // Every POST and PUT passes the body limit, which refuses a body too large (413) or cut off (400),
  // and the db size guard, which refuses writes to a full store (507).
  const takesBody = route.method === 'post' || route.method === 'put'
  if (route.query || takesBody || route.headers) common.push(400)
  if (auth) common.push(401)
  // Every request passes the Host check; a route with a key also names its shop.
  common.push(auth && !route.keyOnly ? 403 : [403, HOST_REFUSED])
  // A write whose account is deleted, restored or reset while it runs is refused (the emulator's account fences).
  const writes = route.method !== 'get'
  if (route.params || writes) common.push(404)
  if (writes) common.push(409)
  if (takesBody) common.push(413)
  if (route.body) common.push(415)
  if (auth && !route.keyOnly) common.push(429)
  common.push(500)
  if (takesBody) common.push(507)
  const own = route.errors ?? []
  const ownStatuses = new Set(own.map(statusOf))
  return [...common.filter((e) => !ownStatuses.has(statusOf(e))), ...own].sort((a, b) => statusOf(a) - statusOf(b))
}

/** An operation as its area declares it: everything but its id, which is its key in the tables. */
export type OperationInput = Omit<Operation, 'operationId'>

type Shared<S> = S extends string ? { tag: S } : S

/**
 * A table of operations that share a tag (or whatever else `shared` holds), each given it.
 * @example const CLOCK_OPERATIONS = area('clock', { getClock: { method: 'get', … } })
 */
export const area = <
  const S extends string | Partial<OperationInput>,
  const T extends Record<string, Omit<OperationInput, keyof Shared<S>> & Partial<OperationInput>>,
>(
  shared: S,
  table: T,
) => {
  const given: object = typeof shared === 'string' ? { tag: shared } : shared
  return Object.fromEntries(Object.entries(table).map(([id, operation]) => [id, { ...given, ...operation }])) as {
    [K in keyof T]: Shared<S> & T[K]
  }
}

export const statusOf = (error: ErrorCase): number => (typeof error === 'number' ? error : error[0])

/**
 * A table of operations keyed by operationId, each given its key as its id.
 * @example const API = withIds({ listCoupons: coupon.list(CouponListSchema) })
 */
export function withIds<T extends Record<string, OperationInput>>(
  table: T,
): { [K in keyof T]: T[K] & { operationId: K } } {
  return Object.fromEntries(
    Object.entries(table).map(([operationId, operation]) => [operationId, { ...operation, operationId }]),
  ) as { [K in keyof T]: T[K] & { operationId: K } }
}
