// Which operation of `/api/v1` a request is, from the contract's operations, and the proxy's check
// of each upstream answer against its schemas: a status the route does not answer, a field missing,
// renamed or of another type, an error that is not `{ error, errors? }`.
import { ErrorBodySchema } from '../../contract/errors.js'
import { API_OPERATIONS, type Operation, errorsOf, statusOf } from '../../contract/operations/index.js'
import { kindOf as jsonKindOf, valueAt } from '../../fixtures/expect.js'
import { parseJson } from './id-map.js'

export interface Route {
  /** `GET /products/{id}`, or the method and path when no operation of the contract matches. */
  name: string
  operation?: Operation
}

/** The operation of `/api/v1` a request is. */
export function routeFinder(): (method: string, path: string) => Route {
  const routes = Object.values<Operation>(API_OPERATIONS).map((operation) => ({
    name: `${operation.method.toUpperCase()} ${operation.path}`,
    operation,
    pattern: new RegExp(`^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  }))
  return (method, path) =>
    routes.find((r) => r.operation.method.toUpperCase() === method.toUpperCase() && r.pattern.test(path)) ?? {
      name: `${method.toUpperCase()} ${path}`,
    }
}

export interface Mismatch {
  route: string
  status: number
  /** Where: `products.0.price`, `(status)`, `(body)`, `(route)`. */
  field: string
  expected: string
  got: string
}

function describeGot(value: unknown): string {
  const kind = jsonKindOf(value) === 'timestamp' ? 'string' : jsonKindOf(value)
  return kind === 'string' || kind === 'number' || kind === 'boolean' ? `${kind} ${JSON.stringify(value)}` : kind
}

/** `[]` when the answer conforms. */
export function checkAnswer({ name, operation }: Route, answer: { status: number; text: string }): Mismatch[] {
  const at = (field: string, expected: string, got: string): Mismatch => ({
    route: name,
    status: answer.status,
    field,
    expected,
    got,
  })
  if (!operation) return [at('(route)', 'a route of /api/v1 in the spec', name)]
  const out: Mismatch[] = []
  const { ok } = operation
  const statuses = new Set([ok.status, ...errorsOf(operation).map(statusOf)])
  if (!statuses.has(answer.status))
    out.push(at('(status)', `one of ${[...statuses].join(', ')}`, String(answer.status)))
  const schema =
    answer.status < 300 ? ok.content['application/json'] : answer.status >= 400 ? ErrorBodySchema : undefined
  if (!schema) return out
  const body = parseJson(answer.text)
  if (body === undefined)
    return [...out, at('(body)', 'JSON', answer.text === '' ? 'an empty body' : 'text that is not JSON')]
  const checked = schema.safeParse(body)
  if (checked.success) return out
  for (const issue of checked.error.issues) {
    const got = valueAt(body, issue.path)
    const expected = issue.code === 'invalid_type' ? String((issue as { expected?: unknown }).expected) : issue.message
    out.push(at(issue.path.map(String).join('.') || '(body)', expected, describeGot(got)))
  }
  return out
}

export function describeMismatch(m: Mismatch): string {
  return `${m.route} → ${m.status}: ${m.field}: expected ${m.expected}, got ${m.got}`
}
