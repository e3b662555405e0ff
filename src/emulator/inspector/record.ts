import type { Context, MiddlewareHandler } from 'hono'
import { maskKey, maskSecretsIn } from '../../spec/keys.js'
import { REQUEST_LOG_BODY_LIMIT, type RecordedBody, type RequestLogEntry } from '../../spec/requests.js'
import type { AuthedEnv } from '../middleware/auth.js'
import type { Clock } from '../deps.js'
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

const BEARER = /^Bearer\s+(\S+)\s*$/i

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
    // The JSON answer is kept as the route hands it over: reading it back from the response would
    // turn @hono/node-server's lightweight response into a stream, which costs every request dearly.
    let answered: unknown
    const json = c.json
    c.json = ((value: unknown, ...rest: unknown[]) => {
      answered = value
      return (json as (...args: unknown[]) => Response)(value, ...rest)
    }) as typeof c.json
    await next()
    const { account, shop } = (c as unknown as Context<AuthedEnv>).var
    if (!account) return
    const durationMs = Math.round((performance.now() - started) * 10) / 10
    const secret = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
    const secrets = secret ? [secret] : []
    const requestText = await requestTextOf(c)
    const responseText = answered === undefined ? null : JSON.stringify(answered)
    recorder.record(account.id, {
      at,
      method: c.req.method,
      path: recorded.path,
      query: maskSecretsIn(new URL(c.req.url).search.slice(1), secrets),
      status: c.res.status,
      durationMs,
      shop: shop?.slug ?? c.req.header('x-service-shop') ?? null,
      via: recorded.via,
      reason: c.res.status >= 400 ? reasonOf(c.res.status, answered) : null,
      requestHeaders: maskedHeaders(c.req.raw.headers, secrets),
      requestBody: bodyOf(requestText, secrets),
      responseHeaders: maskedHeaders(c.res.headers, secrets),
      responseBody: bodyOf(responseText, secrets),
    })
  }
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
  const masked = maskSecretsIn(text.slice(0, REQUEST_LOG_BODY_LIMIT + MASK_MARGIN), secrets)
  return {
    text: masked.slice(0, REQUEST_LOG_BODY_LIMIT),
    size: text.length,
    truncated: text.length > REQUEST_LOG_BODY_LIMIT,
  }
}

function maskedHeaders(headers: Headers, secrets: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of headers) {
    if (name === 'authorization') {
      const key = BEARER.exec(value)?.[1]
      out[name] = key ? `Bearer ${maskKey(key)}` : maskKey(value)
    } else if (name === 'cookie') {
      out[name] = value.replace(/=([^;]*)/g, (_all, cookie: string) => `=${maskKey(cookie)}`)
    } else {
      out[name] = secrets.some((secret) => value.includes(secret)) ? maskSecretsIn(value, secrets) : value
    }
  }
  return out
}

/** Why the request failed, in words: the answer's `error`, then its other field errors. */
function reasonOf(status: number, answered: unknown): string {
  const body = answered as { error?: unknown; errors?: { field: string; message: string }[] } | undefined
  if (typeof body?.error !== 'string') return `HTTP ${status}`
  const more = (Array.isArray(body.errors) ? body.errors : []).slice(1).map((e) => `${e.field}: ${e.message}`)
  return [body.error, ...more].join('; ')
}
