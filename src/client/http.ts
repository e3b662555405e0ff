// The transport under every resource module. No zod and no Node built-ins here: an operation is
// called by its address, and answers are checked only against the declarations handed in (`drift`).
import { ADDRESSES } from '../contract/operations/addresses.js'
import type { Operation, OperationId } from '../contract/operations/index.js'
import { maskSecretsIn, maskedHeaders } from '../contract/mask.js'
import { type ErrorBody, type FieldError, StoreError } from '../contract/store-error.js'
import type { Answer, CallArgs, CallInput } from './call.js'

/** Where the local emulator (`store serve`) listens by default. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010/api/v1'

export interface RetryOptions {
  /** Retries after the first attempt (0 turns retrying off). */
  retries: number
  /** First backoff delay; doubles per retry. */
  baseDelayMs: number
  maxDelayMs: number
  /** A 429 whose Retry-After asks for longer than this is not waited for. */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY: RetryOptions = { retries: 3, baseDelayMs: 250, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 }

export interface HttpOptions {
  /** Base URL ending in `/api/v1`. Default: the local emulator, {@link DEFAULT_BASE_URL}. */
  baseUrl?: string
  apiKey?: string
  /** Shop id or slug sent as `X-Service-Shop` (spec, "Authentication", multiple shops). */
  shop?: string
  /** The fetch to use; default the global `fetch`, looked up per request (so MSW can patch it later). */
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  retry?: Partial<RetryOptions> | false
  /** Give up on an attempt after this long (ms); 0 waits forever. Default 30 s. */
  timeoutMs?: number
  /** Receives one line per request, answer and retry, the key masked (the CLI's `--verbose`). */
  log?: (line: string) => void
  /** Told before each wait for a retry: why (`429`, `503`, `no answer`) and for how long. */
  onRetry?: (retry: RetryNotice) => void
  headers?: Record<string, string>
  /**
   * Checks each answer against the schema its operation declares and reports what differs; the
   * answer is returned all the same, unless `report` throws. Without it no schema is loaded.
   * @example new StoreClient({ drift: { operations: OPERATIONS, report: (d) => console.warn(d) } })
   */
  drift?: {
    /** `OPERATIONS`, or a function that loads them (`() => import(…)`) on the first answer. */
    operations: DeclaredAnswers | (() => Promise<DeclaredAnswers>)
    report: (drift: ResponseDrift) => void
  }
}

/** A retry about to happen: after `attempt` tries, `waitMs` to wait; `status` is null without an answer. */
export interface RetryNotice {
  method: Method
  path: string
  attempt: number
  waitMs: number
  status: number | null
  /** The wait is the server's `Retry-After`. */
  isRetryAfter: boolean
}

/** A failed request's StoreError carries how many attempts were made. */
export type AttemptedError = StoreError & { attempts: number }

const withAttempts = (error: StoreError, attempts: number): AttemptedError => Object.assign(error, { attempts })

/** The operations whose declared answers `drift` checks against: `OPERATIONS`. */
export type DeclaredAnswers = Readonly<Record<string, Pick<Operation, 'ok'>>>

/** How an answer differs from the schema its operation declares. */
export interface ResponseDrift {
  method: Method
  path: string
  status: number
  operation: OperationId
  /** One entry per difference: the field path (`products.0.type`) and what differs. */
  issues: FieldError[]
}

export type { CallOptions } from './call.js'

type QueryValue = string | number | boolean | null | undefined
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD'
type Headers = Record<string, string>

const IDEMPOTENT = new Set<Method>(['GET', 'HEAD', 'PUT', 'DELETE'])
const LOG_BODY_LIMIT = 2_000

/** The CLI's name for the one masking rule of keys. */
export { maskKey as maskSecret } from '../contract/keys.js'

/**
 * The HTTP layer of {@link StoreClient}. Retries a 429 after its `Retry-After` (any method: the
 * server did not act on it), and network errors, timeouts and 5xx answers of idempotent methods
 * (GET, HEAD, PUT, DELETE) with exponential backoff, capped. Every failure is a `StoreError`:
 * the API's `{ error, errors }` with its status, or status 0 when no answer came.
 */
export class Http {
  readonly baseUrl: string
  /** The base URL without `/api/v1`: where `/_emulator` and `/storefront` live. */
  readonly origin: string
  readonly options: Readonly<HttpOptions>
  private readonly retry: RetryOptions
  private readonly secrets: string[]

  constructor(options: HttpOptions = {}) {
    this.options = options
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
    this.origin = this.baseUrl.replace(/\/api\/v1$/, '')
    this.retry = options.retry === false ? { ...DEFAULT_RETRY, retries: 0 } : { ...DEFAULT_RETRY, ...options.retry }
    this.secrets = options.apiKey ? [options.apiKey] : []
  }

  with(overrides: Partial<HttpOptions>): Http {
    return new Http({ ...this.options, ...overrides })
  }

  /** The operation's URL, its path's parameters filled in (ids come from users and may hold `/` or `?`). */
  private url(id: OperationId, params: Record<string, unknown> = {}, query: Record<string, QueryValue> = {}) {
    const { root } = ADDRESSES[id]
    const path = ADDRESSES[id].path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))
    const url = new URL((root === 'api' ? this.baseUrl : this.origin) + path)
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
    }
    return { url: url.toString(), path }
  }

  /**
   * Calls an operation of the contract by its id: the path's parameters, the query and the body
   * are typed from its declaration, and so is the answer.
   * @example const coupon = await http.call('getCoupon', { params: { id: 'SPRING' } })
   */
  async call<K extends OperationId>(id: K, ...[input]: CallArgs<K>): Promise<Answer<K>> {
    const { method, auth, text: asText } = ADDRESSES[id]
    const { params, query, body, signal } = (input ?? {}) as CallInput<{ params: Record<string, string> }> & {
      query?: Record<string, QueryValue>
      body?: unknown
    }
    const { url, path } = this.url(id, params, query)
    const headers = this.headersFor(auth, asText ? 'text/plain, */*' : 'application/json')
    const sent = body === undefined ? undefined : JSON.stringify(body)
    if (sent !== undefined) headers['content-type'] = 'application/json'
    const { res, text } = await this.withRetries(method, path, url, headers, sent, signal)
    if (asText) return text as Answer<K>
    if (res.status === 204 || text === '') return undefined as Answer<K>
    const json = jsonOf(text)
    if (json === undefined)
      throw new StoreError(res.status, `unexpected answer to ${method} ${path}: not JSON (${snippet(text)})`)
    const drift = this.options.drift
    if (drift) {
      const operations = typeof drift.operations === 'function' ? await drift.operations() : drift.operations
      const checked = operations[id]?.ok.content['application/json']?.safeParse(json)
      if (checked && !checked.success) {
        const issues = checked.error.issues.map((i) => ({ field: i.path.join('.') || '(root)', message: i.message }))
        drift.report({ method, path, status: res.status, operation: id, issues })
      }
    }
    // The JSON as the server sent it: same keys, same order, fields the schema does not list kept.
    return json as Answer<K>
  }

  private async withRetries(
    method: Method,
    path: string,
    url: string,
    headers: Headers,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ res: Response; text: string }> {
    const canRetryFailure = IDEMPOTENT.has(method)
    for (let attempt = 1; ; attempt++) {
      const retriesLeft = attempt <= this.retry.retries
      const waitMs = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1))
      const notice = { method, path, attempt, waitMs, status: null, isRetryAfter: false }
      let answer: { res: Response; text: string }
      try {
        answer = await this.send(method, url, headers, body, signal)
      } catch (error) {
        this.options.log?.(`< no answer: ${(error as Error).message}`)
        if (!canRetryFailure || !retriesLeft || signal?.aborted) throw withAttempts(error as StoreError, attempt)
        await this.wait('no answer', notice)
        continue
      }
      const { res, text } = answer
      if (res.ok) return answer
      if (retriesLeft && res.status === 429) {
        const asked = retryAfterMs(res.headers.get('retry-after'), this.options.now ?? Date.now)
        const isRetryAfter = asked !== undefined
        if ((asked ?? waitMs) <= this.retry.maxRetryAfterMs) {
          await this.wait('429 Too Many Requests', { ...notice, status: 429, waitMs: asked ?? waitMs, isRetryAfter })
          continue
        }
      }
      if (retriesLeft && res.status >= 500 && canRetryFailure) {
        await this.wait(`${res.status}`, { ...notice, status: res.status })
        continue
      }
      throw withAttempts(errorOf(res, text), attempt)
    }
  }

  /**
   * One attempt, for an answer read as a stream (`text/event-stream`): the Response when it is 2xx,
   * else the API's StoreError (status 0 when no answer came). Not retried: the caller reconnects.
   */
  async open(
    id: OperationId,
    opts: { query?: Record<string, QueryValue>; headers?: Headers; signal?: AbortSignal },
  ): Promise<Response> {
    const headers = { ...this.headersFor(ADDRESSES[id].auth, 'application/json'), ...opts.headers }
    const { url } = this.url(id, {}, opts.query)
    const { res } = await this.send(ADDRESSES[id].method, url, headers, undefined, opts.signal, true)
    if (res.ok) {
      this.options.log?.(`< ${res.status} ${statusTextOf(res)} (stream)`)
      return res
    }
    const text = await res.text()
    this.logAnswer(res, text, 0)
    throw errorOf(res, text)
  }

  /**
   * One attempt, the answer as it came, whatever its status: for tools that relay or compare
   * answers (`store proxy`, `store drift`). `path` is relative to the base URL and may carry a
   * query; `body` is sent as given. The key and shop of the settings are sent unless `headers`
   * name their own. A request that got no answer throws a StoreError with status 0 whose `cause`
   * is the network error.
   */
  async exchange(
    method: string,
    path: string,
    opts: { headers?: Headers; body?: string; signal?: AbortSignal } = {},
  ): Promise<{ status: number; statusText: string; header(name: string): string | null; text: string }> {
    const headers = { ...this.options.headers, ...this.keyHeaders(true), ...opts.headers }
    const { res, text } = await this.send(method, this.baseUrl + path, headers, opts.body, opts.signal)
    return { status: res.status, statusText: statusTextOf(res), header: (name) => res.headers.get(name), text }
  }

  private headersFor(auth: boolean, accept: string): Headers {
    return { accept, ...this.options.headers, ...this.keyHeaders(auth) }
  }

  private keyHeaders(auth: boolean): Headers {
    const { apiKey, shop } = this.options
    return {
      ...(auth && apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      ...(shop ? { 'x-service-shop': shop } : {}),
    }
  }

  /**
   * One attempt, its answer read and logged; a `stream` is neither read nor timed out. No answer
   * is a StoreError of status 0 whose `cause` is the network error.
   */
  private async send(
    method: string,
    url: string,
    headers: Headers,
    body: string | undefined,
    signal: AbortSignal | undefined,
    stream = false,
  ): Promise<{ res: Response; text: string }> {
    const log = this.options.log
    if (log) {
      log(`> ${method} ${url}`)
      for (const [name, value] of Object.entries(maskedHeaders(Object.entries(headers), this.secrets)))
        log(`> ${name}: ${value}`)
      if (body !== undefined) log(`> ${this.shown(body)}`)
    }
    const timeoutMs = stream ? 0 : (this.options.timeoutMs ?? 30_000)
    const timeout = timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined
    // Timed for the log only: the first performance.now() loads node:perf_hooks in Node.
    const started = log ? performance.now() : 0
    let res: Response
    try {
      res = await (this.options.fetch ?? globalThis.fetch)(url, {
        method,
        headers,
        body,
        signal: signal && timeout ? AbortSignal.any([signal, timeout]) : (signal ?? timeout),
      })
    } catch (error) {
      throw Object.assign(new StoreError(0, `could not reach ${url}: ${reasonOf(error, timeoutMs)}`), {
        cause: (error as { cause?: unknown })?.cause ?? error,
      })
    }
    if (stream) return { res, text: '' }
    const text = await res.text()
    this.logAnswer(res, text, log ? performance.now() - started : 0)
    return { res, text }
  }

  /** Waits `ms` with the injected sleep; resolves early when `signal` aborts. */
  async pause(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return
    const sleep = this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
    await Promise.race([
      sleep(ms),
      new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true })),
    ])
  }

  private async wait(why: string, notice: RetryNotice): Promise<void> {
    this.options.log?.(`  retrying after ${why} in ${notice.waitMs} ms`)
    this.options.onRetry?.(notice)
    await this.pause(notice.waitMs)
  }

  private logAnswer(res: Response, text: string, ms: number): void {
    const log = this.options.log
    if (!log) return
    log(`< ${res.status} ${statusTextOf(res)} (${Math.round(ms)} ms)`)
    const retryAfter = res.headers.get('retry-after')
    if (retryAfter) log(`< retry-after: ${retryAfter}`)
    if (text) log(`< ${this.shown(text)}`)
  }

  /** A body as the log shows it: cut short, the key, any other API key and any `secret` field hidden. */
  private shown(text: string): string {
    const cut = text.length > LOG_BODY_LIMIT ? `${text.slice(0, LOG_BODY_LIMIT)}… (${text.length} characters)` : text
    return maskSecretsIn(cut, this.secrets)
  }
}

export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: () => number): number | undefined {
  if (header === null || header.trim() === '') return undefined
  const value = header.trim()
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000)
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now())
}

/** A non-2xx answer as a StoreError: the API's `{ error, errors }`, or the status line when the body is not that. */
export function errorOf(res: Response, text: string): StoreError {
  const retryAfter = res.headers.get('retry-after')
  const headers = retryAfter ? { 'Retry-After': retryAfter } : undefined
  const parsed = jsonOf(text)
  if (isErrorBody(parsed)) return new StoreError(res.status, parsed.error, parsed.errors, headers)
  const location = res.headers.get('location')
  // A redirect is not an API answer: the base URL points at something else (a page, a login).
  const detail =
    res.status >= 300 && res.status < 400
      ? `: a redirect${location ? ` to ${location}` : ''}, not an API answer; the base URL must be the API's, ending in /api/v1 (e.g. http://127.0.0.1:4010/api/v1)`
      : text.trim()
        ? `: ${snippet(text)}`
        : ''
  return new StoreError(res.status, `HTTP ${res.status} ${statusTextOf(res)}${detail}`, undefined, headers)
}

/** The API's error body (spec, "Errors"): `{ error, errors? }`, each field error `{ field, message }`. */
function isErrorBody(value: unknown): value is ErrorBody {
  const { error, errors } = (value ?? {}) as { error?: unknown; errors?: { field?: unknown; message?: unknown }[] }
  if (typeof error !== 'string') return false
  return (
    errors === undefined ||
    (Array.isArray(errors) && errors.every((e) => typeof e?.field === 'string' && typeof e.message === 'string'))
  )
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

/** The reason phrase: the answer's own, else the usual one (in-process answers often carry none). */
function statusTextOf(res: Response): string {
  return res.statusText || STATUS_TEXT[res.status] || ''
}

function reasonOf(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (e?.name === 'TimeoutError' && timeoutMs > 0) return `no answer within ${timeoutMs / 1000} s`
  if (e?.name === 'AbortError') return 'the request was aborted'
  const cause = e?.cause
  const reason = cause?.message || cause?.code || e?.message || String(error)
  // An https:// URL to a server that answers plain HTTP: OpenSSL's words say nothing useful.
  if (/wrong version number|packet length too long|EPROTO/i.test(reason))
    return 'the server there does not speak TLS (is it an http:// server, such as store serve without --tls-cert?): write the URL with http://'
  return reason
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat
}
