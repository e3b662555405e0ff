import type { Context } from 'hono'
import type { z } from 'zod'
import { StoreError, type FieldError } from '../../spec/errors.js'
import { MAX_DEPTH, findForbiddenKey, isNestedDeeperThan } from '../../spec/common.js'

/** zod issues as the spec's field errors: `field` is the joined path, the message says what to send. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const out: FieldError[] = []
  const paths = error.issues.map((issue) => issue.path.map(String).join('.'))
  for (const [at, issue] of error.issues.entries()) {
    const path = paths[at]
    // zod adds a safe-integer range issue before the schema's own bound (1e300 for a count); the bound says more.
    if (isSafeIntegerRangeIssue(issue) && paths.some((other, i) => i !== at && other === path)) continue
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: path ? `${path}.${key}` : key, message: 'is not a known field' })
      continue
    }
    out.push({ field: path || 'body', message: describeIssue(issue) })
  }
  return out
}

function isSafeIntegerRangeIssue(issue: z.core.$ZodIssue): boolean {
  return (issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'int'
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const received = (issue as { input?: unknown }).input
    if (received === undefined) return 'is required'
    // JSON such as 1e309 parses to Infinity; a query value such as "abc" coerces to NaN.
    if (typeof received === 'number' && Number.isNaN(received)) return 'must be a number'
    if (typeof received === 'number' && !Number.isFinite(received)) return 'must be a finite number'
    if (issue.expected === 'int' && typeof received === 'number') return 'must be an integer'
    return `must be ${article(issue.expected)} (got ${received === null ? 'null' : Array.isArray(received) ? 'array' : typeof received})`
  }
  // A missing enum field reports invalid_value; missing is the clearer message.
  if (issue.code === 'invalid_value' && (issue as { input?: unknown }).input === undefined) return 'is required'
  if (isSafeIntegerRangeIssue(issue)) return `must be between ${-Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`
  if (issue.code === 'invalid_value' && 'values' in issue) return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
  return issue.message
}

function article(expected: string): string {
  if (expected === 'int') return 'an integer'
  if (expected === 'record') return 'an object'
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`
}

export function validationError(error: z.ZodError): StoreError {
  const errors = fieldErrors(error)
  return new StoreError(400, `${errors[0].field}: ${errors[0].message}`, errors)
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true })
  if (!result.success) throw validationError(result.error)
  return result.data
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/** Reads and checks a JSON object body; every refusal is a 4xx StoreError that names the problem. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? ''
  if (!JSON_TYPE.test(type)) {
    throw new StoreError(415, `body: send JSON with the header Content-Type: application/json (got ${type ? JSON.stringify(type) : 'no Content-Type'})`, [{ field: 'body', message: 'must be application/json' }])
  }
  const text = await c.req.text()
  if (text.trim() === '') throw new StoreError(400, 'body: is empty; send a JSON object', [{ field: 'body', message: 'is empty' }])
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new StoreError(400, `body: is not valid JSON (${(error as Error).message})`, [{ field: 'body', message: 'is not valid JSON' }])
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`
    throw new StoreError(400, `body: must be a JSON object (got ${got})`, [{ field: 'body', message: 'must be a JSON object' }])
  }
  if (isNestedDeeperThan(value)) throw new StoreError(400, `body: is nested more than ${MAX_DEPTH} levels deep`, [{ field: 'body', message: `is nested more than ${MAX_DEPTH} levels deep` }])
  const bad = findForbiddenKey(value)
  if (bad) throw new StoreError(400, `${bad}: is not allowed as a key`, [{ field: bad, message: 'is not allowed as a key' }])
  const overflow = findNonFiniteNumber(value)
  if (overflow !== undefined) throw new StoreError(400, `${overflow}: must be a finite number`, [{ field: overflow, message: 'must be a finite number' }])
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
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseWith(schema, await readJsonBody(c))
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
