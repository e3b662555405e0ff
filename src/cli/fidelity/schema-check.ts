// Which operation of `/api/v1` a request is, from the contract's operations, and the proxy's check
// of each upstream answer against its schemas: a status the route does not answer, a field missing,
// renamed or of another type, an error that is not `{ error, errors? }`.
import type * as z from 'zod'
import { ErrorBodySchema } from '../../contract/errors.js'
import { API_OPERATIONS, type Operation, errorsOf, statusOf } from '../../contract/operations/index.js'
import { kindOf as jsonKindOf, valueAt } from '../../fixtures/expect.js'

export interface ApiRoute {
  name: string
  okStatus: number
  okSchema: z.ZodType | undefined
  statuses: Set<number>
}

interface Matcher {
  method: string
  pattern: RegExp
  route: ApiRoute
}

function matcherOf(route: Operation): Matcher {
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')
  const statuses = new Set([route.ok.status, ...errorsOf(route).map(statusOf)])
  return {
    method: route.method.toUpperCase(),
    pattern: new RegExp(`^${source}/?$`),
    route: {
      name: `${route.method.toUpperCase()} ${route.path}`,
      okStatus: route.ok.status,
      okSchema: route.ok.content['application/json'],
      statuses,
    },
  }
}

export function routeFinder(): (method: string, path: string) => ApiRoute | undefined {
  const matchers = Object.values<Operation>(API_OPERATIONS).map(matcherOf)
  return (method, path) => matchers.find((m) => m.method === method.toUpperCase() && m.pattern.test(path))?.route
}

export const unknownRouteName = (method: string, path: string) => `${method.toUpperCase()} ${path}`

export interface Mismatch {
  /** `GET /products/{id}`, or the method and path when no route of the spec matches. */
  route: string
  status: number
  /** Where: `products.0.price`, `(status)`, `(body)`, `(route)`. */
  field: string
  expected: string
  got: string
}

const kindOf = (value: unknown) => (jsonKindOf(value) === 'timestamp' ? 'string' : jsonKindOf(value))

function describeGot(value: unknown): string {
  const kind = kindOf(value)
  if (kind === 'string' || kind === 'number' || kind === 'boolean') return `${kind} ${JSON.stringify(value)}`
  return kind
}

/** `[]` when the answer conforms; `route` is undefined when no route of the spec matches. */
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

export function describeMismatch(m: Mismatch): string {
  return `${m.route} → ${m.status}: ${m.field}: expected ${m.expected}, got ${m.got}`
}
