import type { Context, MiddlewareHandler } from 'hono'
import { REQUEST_LOG_BODY_LIMIT, type RecordedBody, type RequestLogEntry } from '../../spec/requests.js'
import type { AuthedEnv } from '../middleware/auth.js'
import type { Clock } from '../deps.js'
import { bearerKeyOf, maskSecretsIn, maskedHeaders } from './mask.js'
import type { RequestRecorder } from './recorder.js'

/** Where requests are recorded, and the path the log shows for each (the dashboard's mirror as the API path). */
const RECORDED: { pattern: RegExp; shownAs: string; via: RequestLogEntry['via'] }[] = [
  { pattern: /^\/api\/v1(?=\/|$)/, shownAs: '/api/v1', via: 'api' },
  { pattern: /^\/_emulator(?=\/|$)/, shownAs: '/_emulator', via: 'api' },
  { pattern: /^\/_dashboard\/api\/v1(?=\/|$)/, shownAs: '/api/v1', via: 'dashboard' },
  { pattern: /^\/_dashboard\/api\/emulator(?=\/|$)/, shownAs: '/_emulator', via: 'dashboard' },
]
/** Reading the log is not itself logged: a live tail would otherwise record its own polling. */
const INSPECTOR_PATH = /^\/_emulator\/requests(?:\/|$)/

/** The path as the log shows it and how the request came, or undefined when it is not recorded. */
export function recordedPath(path: string): { path: string; via: RequestLogEntry['via'] } | undefined {
  for (const { pattern, shownAs, via } of RECORDED) {
    if (!pattern.test(path)) continue
    const shown = path.replace(pattern, shownAs)
    return INSPECTOR_PATH.test(shown) ? undefined : { path: shown, via }
  }
  return undefined
}

/**
 * Records every `/api/v1` and `/_emulator` request of a known account, and the same routes called
 * by the dashboard with its session, once the answer is ready. A request refused before its key was
 * recognised (401) belongs to no account and is not recorded; `store serve` still logs its line.
 */
export function recordRequests(recorder: RequestRecorder, clock: Clock): MiddlewareHandler {
  return async (c, next) => {
    const recorded = recordedPath(c.req.path)
    if (!recorded) return next()
    const at = clock.now().toISOString()
    const started = performance.now()
    // The JSON answer is kept as the route hands it over, serialised once for the response and the
    // log alike (hono's c.json is c.body of JSON.stringify with that content type): reading it back
    // from the response would turn @hono/node-server's lightweight response into a stream.
    let answered: unknown
    let answeredText: string | null = null
    const body = c.body as (data: string, arg?: unknown, headers?: Record<string, string | string[]>) => Response
    c.json = ((value: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
      answered = value
      answeredText = JSON.stringify(value)
      return body(answeredText, arg, { 'Content-Type': 'application/json', ...headers })
    }) as unknown as typeof c.json
    await next()
    const authed = c as unknown as Context<AuthedEnv>
    const account = authed.get('account')
    if (!account) return
    const shop = authed.get('shop')
    const durationMs = Math.round((performance.now() - started) * 10) / 10
    const secret = bearerKeyOf(c.req.header('authorization'))
    const secrets = secret ? [secret] : []
    const requestText = await requestTextOf(c)
    recorder.record(account.id, {
      at,
      method: c.req.method,
      path: recorded.path,
      query: maskSecretsIn(queryOf(c.req.url), secrets),
      status: c.res.status,
      durationMs,
      shop: shop?.slug ?? c.req.header('x-service-shop') ?? null,
      via: recorded.via,
      reason: c.res.status >= 400 ? reasonOf(c.res.status, answered) : null,
      requestHeaders: maskedHeaders(c.req.raw.headers, secrets),
      requestBody: bodyOf(requestText, secrets),
      responseHeaders: maskedHeaders(c.res.headers, secrets),
      responseBody: bodyOf(answeredText, secrets),
    })
  }
}

function queryOf(url: string): string {
  const mark = url.indexOf('?')
  return mark < 0 ? '' : url.slice(mark + 1)
}

/** The request body as the route read it (hono keeps it); null when nothing was read. */
async function requestTextOf(c: Context): Promise<string | null> {
  const cached = (c.req.bodyCache as { text?: Promise<string> }).text
  return cached ? cached.catch(() => null) : null
}

/** Beyond the kept length, this much is masked too, so a secret cut by the limit is never half shown. */
const MASK_MARGIN = 256

function bodyOf(text: string | null, secrets: string[]): RecordedBody | null {
  if (text === null || text === '') return null
  const truncated = text.length > REQUEST_LOG_BODY_LIMIT
  const masked = maskSecretsIn(truncated ? text.slice(0, REQUEST_LOG_BODY_LIMIT + MASK_MARGIN) : text, secrets)
  // A cut of a string can keep the whole string alive (V8 slices point into their parent), so the
  // log would hold every long answer in full; the cut is copied out instead.
  return { text: truncated ? copyOf(masked.slice(0, REQUEST_LOG_BODY_LIMIT)) : masked, size: text.length, truncated }
}

const copyOf = (text: string): string => new TextDecoder().decode(new TextEncoder().encode(text))

/** Why the request failed, in words: the answer's `error`, then its other field errors. */
function reasonOf(status: number, answered: unknown): string {
  const body = answered as { error?: unknown; errors?: { field: string; message: string }[] } | undefined
  if (typeof body?.error !== 'string') return `HTTP ${status}`
  const more = (Array.isArray(body.errors) ? body.errors : []).slice(1).map((e) => `${e.field}: ${e.message}`)
  return [body.error, ...more].join('; ')
}
