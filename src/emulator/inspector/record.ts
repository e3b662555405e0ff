import type { Context, MiddlewareHandler } from 'hono'
import {
  REQUEST_LOG_BODY_LIMIT,
  type RecordedBody,
  type RecordedRequest,
  type RequestLogEntry,
} from '../../contract/requests.js'
import type { AuthedEnv } from '../middleware/auth.js'
import type { Clock } from '../deps.js'
import type { AccountRecord } from '../store/records.js'
import { answeredJsonOf } from './answer.js'
import { bearerKeyOf, maskSecretsIn, maskedHeaders } from '../../contract/mask.js'
import type { Bodies, KeptBody, RequestRecorder } from './recorder.js'
import { nodeRequestOf } from '../middleware/hosts.js'

interface RecordedRoute {
  prefix: string
  shownAs: string
  via: RequestLogEntry['via']
}

/** Where requests are recorded, and the path the log shows for each (the dashboard's mirror as the API path). */
const RECORDED: readonly RecordedRoute[] = [
  { prefix: '/api/v1', shownAs: '/api/v1', via: 'api' },
  { prefix: '/_emulator', shownAs: '/_emulator', via: 'api' },
  { prefix: '/_dashboard/api/v1', shownAs: '/api/v1', via: 'dashboard' },
  { prefix: '/_dashboard/api/emulator', shownAs: '/_emulator', via: 'dashboard' },
]
/** Reading the log is not itself logged: a live tail would otherwise record its own polling. */
const INSPECTOR_PATH = '/_emulator/requests'

const isUnder = (path: string, prefix: string): boolean =>
  path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47) // '/'

/** The recorded route a path belongs to, or undefined when requests to it are not recorded. */
function recordedRouteOf(path: string): RecordedRoute | undefined {
  for (const route of RECORDED) {
    if (!isUnder(path, route.prefix)) continue
    const shown = route.shownAs === route.prefix ? path : route.shownAs + path.slice(route.prefix.length)
    return isUnder(shown, INSPECTOR_PATH) ? undefined : route
  }
  return undefined
}

/**
 * Records every `/api/v1` and `/_emulator` request of a known account, and the same routes called
 * by the dashboard with its session, once it is answered. A request refused before its key was
 * recognised (401) belongs to no account and is not recorded; `store serve` still logs its line.
 * The request's body is read back as the route read it; the answer's is the text answerJson kept.
 */
export function recordRequests(
  recorder: RequestRecorder,
  clock: Clock,
  clockOffsetMs: (account: AccountRecord) => number,
): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const route = recordedRouteOf(c.req.path)
    if (!route) return next()
    const receivedMs = clock.now().getTime()
    const started = performance.now()
    await next()
    const account = c.get('account')
    if (!account) return
    // The account's clock at arrival: its offset from the machine's, as it stands once answered.
    const atMs = receivedMs + clockOffsetMs(account)
    const durationMs = Math.round((performance.now() - started) * 10) / 10
    const requestText = c.req.raw.bodyUsed ? await c.req.text().catch(unread) : undefined
    const answered = answeredJsonOf(c)
    const requestHeaders = heldHeadersOf(c)
    const { status } = c.res
    const taken: Taken = {
      route,
      atMs,
      receivedMs,
      durationMs,
      method: c.req.method,
      path: c.req.path,
      query: queryOf(c.req.url),
      status,
      shop: c.get('shop')?.slug ?? c.req.header('x-service-shop') ?? null,
      requestHeaders,
      // As answerJson gave them while its Response is the answer; hono copies that into a new one
      // when a later answer replaces it (a 405 after the 404), and that one's headers are read.
      answerHeaders: answered?.response === c.res ? answered.headers : c.res.headers,
    }
    // The entry (masking, headers, reason) is made when it is first read: most requests are never looked at.
    recorder.record(account.id, entryOf, { request: requestText, answer: answered?.text }, taken)
  }
}

/** What is kept of a request until its entry is made. */
interface Taken {
  route: RecordedRoute
  atMs: number
  receivedMs: number
  durationMs: number
  method: string
  path: string
  query: string
  status: number
  shop: string | null
  requestHeaders: Headers | string
  /** As given to answerJson (headers kept whole would be copied by each garbage collection), or as answered. */
  answerHeaders: Headers | Readonly<Record<string, string>>
}

/** A request's entry, from what was taken when it was answered: masked, its headers built. */
function entryOf(bodies: Bodies<KeptBody>, taken: Taken): RecordedRequest {
  const { route, status, shop, answerHeaders } = taken
  const headers = headersFrom(taken.requestHeaders)
  const secret = bearerKeyOf(headers.get('authorization') ?? undefined)
  const secrets = secret ? [secret] : []
  return {
    at: new Date(taken.atMs).toISOString(),
    receivedAt: new Date(taken.receivedMs).toISOString(),
    method: taken.method,
    path: maskSecretsIn(route.shownAs + taken.path.slice(route.prefix.length), secrets),
    query: maskSecretsIn(taken.query, secrets),
    status,
    durationMs: taken.durationMs,
    shop: shop === null ? null : maskSecretsIn(shop, secrets),
    via: route.via,
    reason: status >= 400 ? maskSecretsIn(reasonOf(status, bodies.answer?.text), secrets) : null,
    requestHeaders: maskedHeaders(headers, secrets),
    requestBody: maskedBody(bodies.request, secrets),
    responseHeaders: maskedHeaders(
      answerHeaders instanceof Headers ? answerHeaders : new Headers(answerHeaders),
      secrets,
    ),
    responseBody: maskedBody(bodies.answer, secrets),
  }
}

/**
 * The request's headers to keep until its entry is made: over a socket, the names and values Node
 * parsed (@hono/node-server's `incoming`), not the request's Headers, which hold the whole Node
 * request and so kept every recorded request's socket state alive: recording a GET cost 11 µs of
 * garbage collection, most of its cost.
 */
function heldHeadersOf(c: Context): Headers | string {
  const incoming = nodeRequestOf(c)
  // One string rather than a list of them: each object kept is copied by every garbage collection it lives through.
  return incoming ? incoming.rawHeaders.join(LINE) : c.req.raw.headers
}

/** Between names and values of held headers: HTTP refuses a line break in either. */
const LINE = '\n'

/** Headers as the request had them (HTTP/2 pseudo-headers left out, as @hono/node-server does). */
function headersFrom(kept: Headers | string): Headers {
  if (typeof kept !== 'string') return kept
  const held = kept.split(LINE)
  const headers = new Headers()
  for (let i = 0; i + 1 < held.length; i += 2) {
    if (held[i].startsWith(':')) continue
    try {
      headers.append(held[i], held[i + 1])
    } catch {
      // A value Node took but fetch's Headers refuses is left out of the entry rather than fail the log's reader.
    }
  }
  return headers
}

/** A request body the route could not read is recorded as none. */
const unread = (): undefined => undefined

function queryOf(url: string): string {
  const mark = url.indexOf('?')
  return mark < 0 ? '' : url.slice(mark + 1)
}

/** A body as kept: masked (its margin past the limit first, so a key cut by it is never half shown), then cut. */
function maskedBody(body: KeptBody | undefined, secrets: string[]): RecordedBody | null {
  if (!body) return null
  const { text, size } = body
  const truncated = size > REQUEST_LOG_BODY_LIMIT
  const masked = maskSecretsIn(text, secrets)
  return { text: truncated ? masked.slice(0, REQUEST_LOG_BODY_LIMIT) : masked, size, truncated }
}

/** Why the request failed, in words: the answer's `error`, then its other field errors. */
function reasonOf(status: number, text: string | undefined): string {
  let answered: unknown
  try {
    answered = text === undefined ? undefined : JSON.parse(text)
  } catch {
    return `HTTP ${status}`
  }
  const body = answered as { error?: unknown; errors?: { field: string; message: string }[] } | undefined
  if (typeof body?.error !== 'string') return `HTTP ${status}`
  const more = (Array.isArray(body.errors) ? body.errors : []).slice(1).map((e) => `${e.field}: ${e.message}`)
  return [body.error, ...more].join('; ')
}
