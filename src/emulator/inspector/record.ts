import type { Context, MiddlewareHandler } from 'hono'
import {
  REQUEST_LOG_BODY_LIMIT,
  type RecordedBody,
  type RecordedRequest,
  type RequestLogEntry,
} from '../../spec/requests.js'
import type { AuthedEnv } from '../middleware/auth.js'
import type { Clock } from '../deps.js'
import { answeredJsonOf, type JsonSource, jsonThroughAnswer } from './answer.js'
import { bearerKeyOf, maskSecretsIn, maskedHeaders } from './mask.js'
import type { RecordedSource, RequestRecorder } from './recorder.js'

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
 * by the dashboard with its session, once the answer is ready. A request refused before its key was
 * recognised (401) belongs to no account and is not recorded; `store serve` still logs its line.
 *
 * On the request's path it takes numbers, the answer's text (a page's rows' texts for a page of
 * products), the raw headers as one text, the response (let go of once sent when its body is
 * long), a copy of the start of a long body, and nothing else of the request's context; the entry
 * (masking, headers, reason, time) is made when it is first read (recorder.ts).
 */
export function recordRequests(recorder: RequestRecorder, clock: Clock): MiddlewareHandler {
  // The last request answered with a long body, while it still holds its response (see below).
  let holdingLongAnswer: CapturedRequest | undefined
  return async (c, next) => {
    const route = recordedRouteOf(c.req.path)
    if (!route) return next()
    const atMs = clock.now().getTime()
    const started = performance.now()
    c.json = jsonThroughAnswer as unknown as typeof c.json
    await next()
    const authed = c as unknown as Context<AuthedEnv>
    const account = authed.get('account')
    if (!account) return
    // Kept in tenths of a millisecond: a small integer is stored as it is, a fraction takes an object.
    const durationTenthsMs = Math.round((performance.now() - started) * 10)
    const readingBody = (c.req.bodyCache as { text?: Promise<string> }).text
    const requestText = readingBody && (await readingBody.catch(unread))
    const answered = answeredJsonOf(c)
    const captured = new CapturedRequest(
      atMs,
      route,
      c.req.path,
      c.req.url,
      c.req.method,
      c.res.status,
      durationTenthsMs,
      authed.get('shop')?.slug ?? c.req.header('x-service-shop') ?? null,
      requestHeadersOf(c),
      cutOf(requestText),
      requestText?.length ?? 0,
      c.res,
      typeof answered === 'string' ? cutOf(answered) : (answered ?? null),
      typeof answered === 'string' ? answered.length : 0,
    )
    recorder.record(account.id, captured)
    // A response holds its whole body: one with a long body is let go of (its headers kept) once
    // the next request is recorded, by when it has been sent. Reading its headers before it is
    // sent would make the node server write them the slow way.
    holdingLongAnswer?.letGoOfResponse()
    holdingLongAnswer = answered !== undefined && !isKeptWhole(answered) ? captured : undefined
  }
}

/** Beyond the kept length, this much is kept (and masked) too, so a secret cut by the limit is never half shown. */
const MASK_MARGIN = 256
const KEPT_LENGTH = REQUEST_LOG_BODY_LIMIT + MASK_MARGIN

const isKeptWhole = (answered: string | JsonSource): boolean =>
  typeof answered === 'string' && answered.length <= KEPT_LENGTH

/**
 * What is kept of a body: the whole text, or for a long one its start, copied out (a slice of a
 * string can keep the whole string alive, so the log would hold every long answer in full).
 */
function cutOf(text: string | undefined): string | null {
  if (text === undefined || text === '') return null
  return isKeptWhole(text) ? text : structuredClone(text.slice(0, KEPT_LENGTH))
}

/** A request body the route could not read is recorded as none. */
const unread = (): undefined => undefined

/**
 * The request's headers: the node request's raw list (asking hono for them could build a web
 * Request), joined into one text, since each object the log keeps costs the garbage collector
 * again; a header cannot hold a line break. Else the web request's headers.
 */
function requestHeadersOf(c: Context): string | Headers {
  const raw = (c.env as { incoming?: { rawHeaders?: string[] } } | undefined)?.incoming?.rawHeaders
  return raw ? raw.join('\n') : c.req.raw.headers
}

/** A request as taken on its path; {@link CapturedRequest.toRecorded} makes its entry. */
class CapturedRequest implements RecordedSource {
  constructor(
    /** By the emulator's clock; a number, not a Date: one object fewer kept per request. */
    private readonly atMs: number,
    private readonly route: RecordedRoute,
    private readonly path: string,
    private readonly url: string,
    private readonly method: string,
    private readonly status: number,
    private readonly durationTenthsMs: number,
    private readonly shop: string | null,
    private readonly requestHeaders: string | Headers,
    private readonly requestText: string | null,
    private readonly requestSize: number,
    /** The response, or only its headers once it is let go of. */
    private response: Response | Headers,
    /** The answer's text (or its start), or what makes it again. */
    private readonly answer: string | JsonSource | null,
    private readonly answerSize: number,
  ) {}

  letGoOfResponse(): void {
    if (!(this.response instanceof Headers)) this.response = this.response.headers
  }

  toRecorded(): RecordedRequest {
    const requestHeaders = headerPairsOf(this.requestHeaders)
    const secret = bearerKeyOf(requestHeaders.find(([name]) => name === 'authorization')?.[1])
    const secrets = secret ? [secret] : []
    const { prefix, shownAs, via } = this.route
    let answerText = this.answer
    let answerSize = this.answerSize
    if (answerText !== null && typeof answerText !== 'string') {
      const made = answerText.text()
      answerText = cutOf(made)
      answerSize = made.length
    }
    return {
      at: new Date(this.atMs).toISOString(),
      method: this.method,
      path: shownAs + this.path.slice(prefix.length),
      query: maskSecretsIn(queryOf(this.url), secrets),
      status: this.status,
      durationMs: this.durationTenthsMs / 10,
      shop: this.shop,
      via,
      reason: this.status >= 400 ? reasonOf(this.status, answerText) : null,
      requestHeaders: maskedHeaders(requestHeaders, secrets),
      requestBody: maskedBody(this.requestText, this.requestSize, secrets),
      responseHeaders: maskedHeaders(this.response instanceof Headers ? this.response : this.response.headers, secrets),
      responseBody: maskedBody(answerText, answerSize, secrets),
    }
  }
}

/** Header names (in lower case) and values, from a raw list joined by line breaks, or from web headers. */
function headerPairsOf(headers: string | Headers): [string, string][] {
  if (headers instanceof Headers) return [...headers]
  const raw = headers.split('\n')
  const pairs: [string, string][] = []
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i].toLowerCase(), raw[i + 1]])
  return pairs
}

function queryOf(url: string): string {
  const mark = url.indexOf('?')
  return mark < 0 ? '' : url.slice(mark + 1)
}

function maskedBody(text: string | null, size: number, secrets: string[]): RecordedBody | null {
  if (text === null) return null
  const truncated = size > REQUEST_LOG_BODY_LIMIT
  const masked = maskSecretsIn(text, secrets)
  return { text: truncated ? masked.slice(0, REQUEST_LOG_BODY_LIMIT) : masked, size, truncated }
}

/** Why the request failed, in words: the answer's `error`, then its other field errors. */
function reasonOf(status: number, text: string | null): string {
  let answered: unknown
  try {
    answered = text === null ? undefined : JSON.parse(text)
  } catch {
    return `HTTP ${status}`
  }
  const body = answered as { error?: unknown; errors?: { field: string; message: string }[] } | undefined
  if (typeof body?.error !== 'string') return `HTTP ${status}`
  const more = (Array.isArray(body.errors) ? body.errors : []).slice(1).map((e) => `${e.field}: ${e.message}`)
  return [body.error, ...more].join('; ')
}
