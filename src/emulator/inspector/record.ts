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
 * On the request's path only references and the bodies' cuts are taken; masking, headers and the
 * reason are worked out when the entry is first read (recorder.ts).
 */
export function recordRequests(recorder: RequestRecorder, clock: Clock): MiddlewareHandler {
  return async (c, next) => {
    const recorded = recordedPath(c.req.path)
    if (!recorded) return next()
    const at = clock.now().toISOString()
    const started = performance.now()
    // The JSON answer is kept as the route hands it over (`c.json`, or ready text through `c.body`),
    // serialised once for the response and the log alike: reading it back from the response would
    // turn @hono/node-server's lightweight response into a stream.
    let answeredText: string | null = null
    const body = c.body.bind(c) as (
      data: unknown,
      arg?: unknown,
      headers?: Record<string, string | string[]>,
    ) => Response
    c.body = ((data: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
      if (typeof data === 'string') answeredText = data
      return body(data, arg, headers)
    }) as typeof c.body
    c.json = ((value: unknown, arg?: unknown, headers?: Record<string, string | string[]>) =>
      c.body(
        JSON.stringify(value),
        arg as never,
        {
          'Content-Type': 'application/json',
          ...headers,
        } as never,
      )) as unknown as typeof c.json
    await next()
    const authed = c as unknown as Context<AuthedEnv>
    const account = authed.get('account')
    if (!account) return
    const shop = authed.get('shop')
    const durationMs = Math.round((performance.now() - started) * 10) / 10
    const authorization = c.req.header('authorization')
    const requestHeaders = requestHeadersOf(c)
    const res = c.res
    const status = res.status
    const requestBody = cutOf(await requestTextOf(c))
    const responseBody = cutOf(answeredText)
    const query = queryOf(c.req.url)
    const method = c.req.method
    const shopName = shop?.slug ?? c.req.header('x-service-shop') ?? null
    recorder.record(account.id, () => {
      const secret = bearerKeyOf(authorization)
      const secrets = secret ? [secret] : []
      return {
        at,
        method,
        path: recorded.path,
        query: maskSecretsIn(query, secrets),
        status,
        durationMs,
        shop: shopName,
        via: recorded.via,
        reason: status >= 400 ? reasonOf(status, responseBody?.text) : null,
        requestHeaders: maskedHeaders(requestHeaders(), secrets),
        requestBody: maskedBody(requestBody, secrets),
        responseHeaders: maskedHeaders(res.headers, secrets),
        responseBody: maskedBody(responseBody, secrets),
      }
    })
  }
}

function queryOf(url: string): string {
  const mark = url.indexOf('?')
  return mark < 0 ? '' : url.slice(mark + 1)
}

/**
 * The request's headers, read when the entry is: from the node request when there is one (asking
 * hono for them would build a web Request on every request), else from the web request.
 */
function requestHeadersOf(c: Context): () => Iterable<[string, string]> {
  const incoming = (c.env as { incoming?: { rawHeaders?: string[] } } | undefined)?.incoming
  const raw = incoming?.rawHeaders
  if (!raw) {
    const headers = c.req.raw.headers
    return () => headers
  }
  return () => {
    const pairs: [string, string][] = []
    for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i].toLowerCase(), raw[i + 1]])
    return pairs
  }
}

/** The request body as the route read it (hono keeps it); null when nothing was read. */
async function requestTextOf(c: Context): Promise<string | null> {
  const cached = (c.req.bodyCache as { text?: Promise<string> }).text
  return cached ? cached.catch(() => null) : null
}

/** Beyond the kept length, this much is kept (and masked) too, so a secret cut by the limit is never half shown. */
const MASK_MARGIN = 256

interface Cut {
  text: string
  size: number
}

/**
 * What is kept of a body: the whole text, or for a long one its start copied out (a slice of a
 * string can keep the whole string alive, so the log would hold every long answer in full).
 */
function cutOf(text: string | null): Cut | null {
  if (text === null || text === '') return null
  if (text.length <= REQUEST_LOG_BODY_LIMIT) return { text, size: text.length }
  return { text: copyOf(text.slice(0, REQUEST_LOG_BODY_LIMIT + MASK_MARGIN)), size: text.length }
}

function maskedBody(cut: Cut | null, secrets: string[]): RecordedBody | null {
  if (cut === null) return null
  const truncated = cut.size > REQUEST_LOG_BODY_LIMIT
  const masked = maskSecretsIn(cut.text, secrets)
  return { text: truncated ? masked.slice(0, REQUEST_LOG_BODY_LIMIT) : masked, size: cut.size, truncated }
}

const copyOf = (text: string): string => Buffer.from(text).toString()

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
