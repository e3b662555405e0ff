// The proxy's check of each upstream answer against the spec's schemas (src/contract, through the
// route table): a status the route does not answer, a field missing, renamed or of another type,
// an error that is not `{ error, errors? }`. The answer itself is never altered.
import { ErrorBodySchema } from '../../contract/errors.js'
import type { ApiRoute } from './api-route.js'

export interface Mismatch {
  /** `GET /products/{id}`, or the method and path when no route of the spec matches. */
  route: string
  status: number
  /** Where: `products.0.price`, `(status)`, `(body)`, `(route)`. */
  field: string
  expected: string
  got: string
}

/** The JSON kind of a value, as reports name it. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (value === undefined) return 'nothing'
  return typeof value
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = body
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<PropertyKey, unknown>)[key]
  }
  return at
}

function describeGot(value: unknown): string {
  const kind = kindOf(value)
  if (kind === 'string' || kind === 'number' || kind === 'boolean') return `${kind} ${JSON.stringify(value)}`
  return kind
}

/**
 * What differs between an answer and the spec's schema for its route: `[]` when it conforms.
 * `route` is undefined for a request no route of the spec matches.
 */
export function checkAnswer(
  route: ApiRoute | undefined,
  request: { method: string; path: string },
  answer: { status: number; text: string },
): Mismatch[] {
  const name = route?.name ?? `${request.method.toUpperCase()} ${request.path}`
  const at = (field: string, expected: string, got: string): Mismatch => ({
    route: name,
    status: answer.status,
    field,
    expected,
    got,
  })
  if (!route) return [at('(route)', 'a route of /api/v1 in the spec', name)]
  const out: Mismatch[] = []
  if (!route.statuses.has(answer.status))
    out.push(at('(status)', `one of ${[...route.statuses].join(', ')}`, String(answer.status)))
  const schema = answer.status < 300 ? route.okSchema : answer.status >= 400 ? ErrorBodySchema : undefined
  if (!schema) return out
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    return [...out, at('(body)', 'JSON', answer.text === '' ? 'an empty body' : 'text that is not JSON')]
  }
  const checked = schema.safeParse(body)
  if (checked.success) return out
  for (const issue of checked.error.issues) {
    const got = valueAt(body, issue.path)
    const expected = issue.code === 'invalid_type' ? String((issue as { expected?: unknown }).expected) : issue.message
    out.push(at(issue.path.map(String).join('.') || '(body)', expected, describeGot(got)))
  }
  return out
}

/** One line per mismatch: route, field, expected, got. */
export function describeMismatch(m: Mismatch): string {
  return `${m.route} → ${m.status}: ${m.field}: expected ${m.expected}, got ${m.got}`
}
