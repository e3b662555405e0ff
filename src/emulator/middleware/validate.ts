import type { Context } from 'hono'
import type * as z from 'zod'
import { StoreError } from '../../contract/errors.js'
import { fieldErrors } from '../../contract/field-errors.js'
import { MAX_DEPTH, findForbiddenKey, isNestedDeeperThan } from '../../contract/common.js'

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true })
  if (result.success) return result.data
  const errors = fieldErrors(result.error)
  throw new StoreError(400, `${errors[0].field}: ${errors[0].message}`, errors)
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/**
 * The request body as text. A body that cannot be read to its end (the client closed the
 * connection mid-body) is the client's failure, answered 400 to whoever is still listening —
 * not an internal error logged with a stack trace.
 */
async function readBodyText(c: Context): Promise<string> {
  try {
    return await c.req.text()
  } catch (error) {
    if (error instanceof StoreError) throw error
    throw unreadableBody()
  }
}

/** The body could not be read: the client closed the connection mid-body, or sent broken chunked framing. */
export function unreadableBody(): StoreError {
  const message =
    'could not be read to its end (the connection was closed, or the chunked framing broken, while it was being sent)'
  return new StoreError(400, `body: ${message}`, [{ field: 'body', message }])
}

/**
 * Reads and checks a JSON object body; every refusal is a 4xx StoreError that names the problem.
 * An optional body may also be left out: no body at all counts as `{}`.
 */
async function readJsonBody(c: Context, isOptional: boolean): Promise<unknown> {
  if (isOptional && (await readBodyText(c)).trim() === '') return {}
  const type = c.req.header('content-type') ?? ''
  if (!JSON_TYPE.test(type)) {
    throw new StoreError(
      415,
      `body: send JSON with the header Content-Type: application/json (got ${type ? JSON.stringify(type) : 'no Content-Type'})`,
      [{ field: 'body', message: 'must be application/json' }],
    )
  }
  const text = await readBodyText(c)
  if (text.trim() === '')
    throw new StoreError(400, 'body: is empty; send a JSON object', [{ field: 'body', message: 'is empty' }])
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new StoreError(400, `body: is not valid JSON (${(error as Error).message})`, [
      { field: 'body', message: 'is not valid JSON' },
    ])
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`
    throw new StoreError(400, `body: must be a JSON object (got ${got})`, [
      { field: 'body', message: 'must be a JSON object' },
    ])
  }
  if (isNestedDeeperThan(value))
    throw new StoreError(400, `body: is nested more than ${MAX_DEPTH} levels deep`, [
      { field: 'body', message: `is nested more than ${MAX_DEPTH} levels deep` },
    ])
  const bad = findForbiddenKey(value)
  if (bad)
    throw new StoreError(400, `${bad}: is not allowed as a key`, [{ field: bad, message: 'is not allowed as a key' }])
  const overflow = findNonFiniteNumber(value)
  if (overflow !== undefined)
    throw new StoreError(400, `${overflow}: must be a finite number`, [
      { field: overflow, message: 'must be a finite number' },
    ])
  return value
}

/**
 * The path of a number JSON.parse turned into ±Infinity (`1e309`), anywhere in the body, free-form
 * objects included: stored, it would come back as null. Walks at most MAX_DEPTH levels (checked before).
 */
function findNonFiniteNumber(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || 'body'
  if (value === null || typeof value !== 'object') return undefined
  for (const [key, inner] of Object.entries(value)) {
    const found = findNonFiniteNumber(inner, path ? `${path}.${key}` : key)
    if (found !== undefined) return found
  }
  return undefined
}

/** Reads the JSON body and parses it with a schema. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S, isOptional = false): Promise<z.output<S>> {
  return parseWith(schema, await readJsonBody(c, isOptional))
}

/** Parses the query string with a strict schema (unknown parameters are refused). */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const raw: Record<string, string> = {}
  for (const [key, values] of Object.entries(c.req.queries())) {
    if (values.length > 1) throw new StoreError(400, `${key}: give it once`, [{ field: key, message: 'give it once' }])
    raw[key] = values[0]
  }
  return parseWith(schema, raw)
}
