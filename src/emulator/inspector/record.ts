import type { MiddlewareHandler } from 'hono'
import { REQUEST_LOG_BODY_LIMIT, type RecordedBody, type RequestLogEntry } from '../../contract/requests.js'
import type { Clock } from '../deps.js'
import type { AuthedEnv } from '../middleware/auth.js'
import type { AccountRecord } from '../../contract/rows.js'
import { answeredJsonOf } from './answer.js'
import { bearerKeyOf, maskSecretsIn, maskedHeaders } from '../../contract/mask.js'
import type { RequestRecorder } from './recorder.js'

/** Where requests are recorded, and the path the log shows for each (the dashboard's mirror as the API path). */
const RECORDED: readonly { prefix: string; shownAs: string; via: RequestLogEntry['via'] }[] = [
  { prefix: '/api/v1', shownAs: '/api/v1', via: 'api' },
  { prefix: '/_emulator', shownAs: '/_emulator', via: 'api' },
  { prefix: '/_dashboard/api/v1', shownAs: '/api/v1', via: 'dashboard' },
  { prefix: '/_dashboard/api/emulator', shownAs: '/_emulator', via: 'dashboard' },
]
const isUnder = (path: string, prefix: string) =>
  path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/')

/**
 * Records every `/api/v1` and `/_emulator` request of a known account once it is answered, and the
 * same routes called by the dashboard with its session; not the log's own routes, which a live tail
 * polls. A request refused before its key was recognised (401) belongs to no account.
 */
export function recordRequests(
  recorder: RequestRecorder,
  clock: Clock,
  clockOffsetMs: (account: AccountRecord) => number,
): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const route = RECORDED.find((r) => isUnder(c.req.path, r.prefix))
    const path = route && route.shownAs + c.req.path.slice(route.prefix.length)
    if (!route || !path || isUnder(path, '/_emulator/requests')) return next()
    const received = clock.now().getTime()
    const started = performance.now()
    await next()
    const account = c.get('account')
    if (!account) return
    const secrets = [bearerKeyOf(c.req.header('authorization')) ?? '']
    const mask = (text: string) => maskSecretsIn(text, secrets)
    const requestText = c.req.raw.bodyUsed ? await c.req.text().catch(() => undefined) : undefined
    const answered = answeredJsonOf(c)
    const status = c.res.status
    const shop = c.get('shop')?.slug ?? c.req.header('x-service-shop')
    recorder.record(account.id, {
      // The account's clock at arrival: its offset from the machine's, as it stands once answered.
      at: new Date(received + clockOffsetMs(account)).toISOString(),
      receivedAt: new Date(received).toISOString(),
      method: c.req.method,
      path: mask(path),
      query: mask(c.req.url.includes('?') ? c.req.url.slice(c.req.url.indexOf('?') + 1) : ''),
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      shop: shop === undefined ? null : mask(shop),
      via: route.via,
      reason: status >= 400 ? mask(reasonOf(status, answered?.text)) : null,
      requestHeaders: maskedHeaders(c.req.raw.headers, secrets),
      requestBody: bodyOf(requestText, mask),
      // As answerJson gave them while its Response is the answer; hono copies that into a new one
      // when a later answer replaces it (a 405 after the 404), and that one's are read.
      responseHeaders: maskedHeaders(
        answered?.response === c.res ? new Headers(answered.headers) : c.res.headers,
        secrets,
      ),
      responseBody: bodyOf(answered?.text, mask),
    })
  }
}

/** A body as kept: masked, then cut (a key cut by the limit is never half shown); a cut start is
 * copied, as a slice keeps its whole string alive. */
function bodyOf(text: string | undefined, mask: (text: string) => string): RecordedBody | null {
  if (!text) return null
  const masked = mask(text.slice(0, REQUEST_LOG_BODY_LIMIT + 256))
  return {
    text:
      text.length > REQUEST_LOG_BODY_LIMIT ? Buffer.from(masked.slice(0, REQUEST_LOG_BODY_LIMIT)).toString() : masked,
    size: text.length,
    truncated: text.length > REQUEST_LOG_BODY_LIMIT,
  }
}

/** Why the request failed, in words: the answer's `error`, then its other field errors. */
function reasonOf(status: number, text = ''): string {
  try {
    const { error, errors } = JSON.parse(text)
    const more = Array.isArray(errors) ? errors.slice(1).map((e) => `${e.field}: ${e.message}`) : []
    if (typeof error === 'string') return [error, ...more].join('; ')
  } catch {}
  return `HTTP ${status}`
}
