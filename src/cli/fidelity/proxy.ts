// `store proxy`: forwards `/api/v1` to the upstream and relays its answers unchanged, recording
// (masked) and checking each; its own failures (upstream unreachable, TLS) are a JSON `{ error }`.
// Served until Ctrl+C or SIGTERM, then a summary (exit 1 when an answer broke the spec's schemas).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { StoreError } from '../../contract/store-error.js'
import type { CommandContext } from '../client-factory.js'
import { counted } from '../counted.js'
import { UsageError } from '../exit-codes.js'
import { version } from '../version.js'
import { apiBaseOf } from './base-url.js'
import { HarRecorder, type RecordedBody } from './har-recorder.js'
import { parseJson } from './id-map.js'
import { listen, readBody } from './local-server.js'
import { type ApiRoute, checkAnswer, describeMismatch, type Mismatch, routeFinder } from './schema-check.js'
import { AnswerTooLargeError, askUpstream, MAX_RELAYED_BYTES, type UpstreamAnswer } from './upstream.js'

/** Request headers that belong to one connection, not to the request: never forwarded. */
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  // Asked for uncompressed answers; one that comes compressed all the same is relayed as it came.
  'accept-encoding',
])

const RELAYED = [
  'content-type',
  'content-encoding',
  'vary',
  'retry-after',
  'location',
  'allow',
  'cache-control',
  'www-authenticate',
  'etag',
  'last-modified',
  'link',
]

const MAX_BODY = 10 * 1024 * 1024
const TLS_CODE = /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/i

export interface ProxyOptions {
  port: number
  host: string
  upstream: string
  fetch: typeof fetch
  /** `--api-key`: replaces the caller's key when set. */
  apiKey: string | undefined
  findRoute: (method: string, path: string) => ApiRoute | undefined
  recorder?: HarRecorder
  now: () => Date
  clock: () => number
  onMismatch: (mismatch: Mismatch) => void
  /** One line per request, and what to check when the upstream fails. */
  onLine: (line: string) => void
  onRecordFailed: (error: Error) => void
}

export interface RunningProxy {
  url: string
  close(): Promise<void>
  stats: { requests: number; mismatches: number; answersWithMismatches: number }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

/** Why the upstream gave no answer, and what to check, for the caller and the terminal alike. */
function failureOf(upstream: string, error: StoreError): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const code = cause?.code ?? ''
  if (TLS_CODE.test(code) || TLS_CODE.test(cause?.message ?? ''))
    return `store proxy: the TLS connection to ${upstream} failed (${code || cause?.message}): check the upstream's certificate and that --upstream names the right host and scheme`
  return `store proxy: the upstream ${upstream} gave no answer (${error.message.replace(/^could not reach \S+: /, '')}): check --upstream and that the service is running and reachable from here`
}

/** The answer as the recording keeps it: its text (decoded from gzip and the like), else base64. */
function recordedBody(answer: UpstreamAnswer): RecordedBody {
  if (answer.text === undefined)
    return {
      text: answer.bytes.toString('base64'),
      encoding: 'base64',
      size: answer.bytes.length,
      comment: `the body as it came${answer.header('content-encoding') ? ` (Content-Encoding: ${answer.header('content-encoding')})` : ''}: not UTF-8 text`,
    }
  return {
    text: answer.text,
    size: Buffer.byteLength(answer.text),
    ...(answer.decodedFrom
      ? { comment: `decoded from ${answer.decodedFrom} (${answer.bytes.length} bytes as sent)` }
      : {}),
  }
}

const isErrorBody = (text: string) => typeof (parseJson(text) as { error?: unknown })?.error === 'string'

export function startProxy(o: ProxyOptions): Promise<RunningProxy> {
  const stats = { requests: 0, mismatches: 0, answersWithMismatches: 0 }
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET'
    const target = req.url ?? '/'
    if (!/^\/api\/v1(\/|\?|$)/.test(target))
      return sendJson(res, 404, {
        error: `store proxy forwards /api/v1 only, not ${target}: point your client at ${o.upstream.replace(/^.*?\/\/[^/]+/, '')} on this proxy`,
      })
    const body = await readBody(req, MAX_BODY)
    if (body === undefined)
      return sendJson(res, 413, { error: `body: is larger than ${MAX_BODY} bytes; store proxy relays smaller bodies` })
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue
      if (name === 'authorization' && o.apiKey) continue
      headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
    const upstreamPath = target.replace(/^\/api\/v1/, '')
    const startedAt = o.now()
    const started = o.clock()
    stats.requests++
    let answer: UpstreamAnswer
    try {
      answer = await askUpstream(o.fetch, o.upstream + upstreamPath, method, {
        headers: o.apiKey ? { ...headers, authorization: `Bearer ${o.apiKey}` } : headers,
        body: body === '' && (method === 'GET' || method === 'HEAD') ? undefined : body,
      })
    } catch (error) {
      if (error instanceof AnswerTooLargeError) {
        const message = `store proxy: the answer of ${o.upstream}${upstreamPath} is larger than ${MAX_RELAYED_BYTES} bytes, more than store proxy relays; ask for less at once (a smaller limit, a narrower query)`
        o.onLine(message)
        return sendJson(res, 502, { error: message })
      }
      if (!(error instanceof StoreError) || error.status !== 0) throw error
      const message = failureOf(o.upstream, error)
      o.onLine(message)
      return sendJson(res, 502, { error: message })
    }
    const ms = o.clock() - started
    const path = upstreamPath.split('?')[0] || '/'
    o.onLine(`${method} /api/v1${upstreamPath} → ${answer.status} (${Math.round(ms)} ms)`)
    const relayed: Record<string, string> = {}
    for (const name of RELAYED) {
      const value = answer.header(name)
      if (value !== null) relayed[name] = value
    }
    // In the file before the caller has the answer: a proxy killed after answering lost nothing it answered.
    await o.recorder
      ?.add({
        startedAt,
        ms,
        method,
        url: o.upstream + upstreamPath,
        requestHeaders: { ...headers, ...(o.apiKey ? { authorization: 'Bearer (--api-key)' } : {}) },
        requestBody: body === '' ? undefined : body,
        status: answer.status,
        statusText: answer.statusText,
        responseHeaders: relayed,
        response: recordedBody(answer),
      })
      .catch(o.onRecordFailed)
    const text = answer.text ?? ''
    const mismatches = checkAnswer(o.findRoute(method, path), { method, path }, { ...answer, text })
    if (mismatches.length) {
      stats.mismatches += mismatches.length
      stats.answersWithMismatches++
      for (const mismatch of mismatches) o.onMismatch(mismatch)
    }
    let relayedBody: Buffer | string = answer.bytes
    if (answer.status === 401) {
      o.onLine(
        `store proxy: ${o.upstream} refused the key (401): check ${o.apiKey ? 'the key given with --api-key' : 'the key your client sends (or give the proxy one with --api-key)'}`,
      )
      if (!isErrorBody(text)) {
        relayedBody = JSON.stringify({ error: `the upstream refused the key (401): check the API key` })
        relayed['content-type'] = 'application/json'
        delete relayed['content-encoding']
      }
    }
    res.writeHead(answer.status, answer.statusText, relayed).end(method === 'HEAD' ? undefined : relayedBody)
  }
  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      o.onLine(`store proxy: ${error.message}`)
      if (!res.headersSent) sendJson(res, 500, { error: `store proxy failed: ${error.message}` })
    })
  })
  return listen(server, o.port, o.host).then(({ address, close }) => ({
    url: `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${address.port}/api/v1`,
    stats,
    close,
  }))
}

export interface ProxyFlags {
  upstream: string
  record?: string
  port: string
  host: string
}

export async function runProxy(cc: CommandContext, o: ProxyFlags): Promise<void> {
  const port = Number(o.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port: "${o.port}" is not a port (0-65535)`)
  const upstream = apiBaseOf(o.upstream, '--upstream')
  // The flag only: STORE_API_KEY is usually the local emulator's key, not the hosted service's.
  const apiKey = cc.globals.apiKey
  const recordPath = o.record ? resolve(cc.cwd, o.record) : undefined
  const recorder = recordPath
    ? await HarRecorder.create(recordPath, version(), apiKey ? [apiKey] : []).catch((error: NodeJS.ErrnoException) => {
        throw new UsageError(
          `--record: cannot write ${recordPath} (${error.code ?? error.message}); pass a path in a folder that exists`,
        )
      })
    : undefined
  const started = performance.now()
  const proxy = await startProxy({
    port,
    host: o.host,
    upstream,
    fetch: cc.fetch,
    apiKey,
    findRoute: routeFinder(),
    recorder,
    now: () => cc.now(),
    clock: () => performance.now() - started,
    onMismatch: (m) => cc.out.line(`! ${describeMismatch(m)}`),
    onLine: (line) => cc.out.info(line),
    onRecordFailed: (error) =>
      cc.out.warn(
        `could not write ${recordPath}: ${error.message}; the exchanges are kept and written with the next one`,
      ),
  })
  cc.out.info(`store proxy: ${proxy.url} → ${upstream}`)
  if (recordPath) cc.out.info(`recording to ${recordPath} (HAR 1.2, keys masked)`)
  cc.out.info('Ctrl+C stops it')
  await new Promise<void>((done) => {
    const offInt = cc.onSignal('SIGINT', stop)
    const offTerm = cc.onSignal('SIGTERM', stop)
    function stop() {
      offInt()
      offTerm()
      done()
    }
  })
  await proxy.close()
  await recorder?.close()
  const { requests, answersWithMismatches, mismatches } = proxy.stats
  const recorded = recorder ? `; ${recorder.entries} recorded to ${recordPath}` : ''
  if (answersWithMismatches)
    // Answers that broke the spec's schemas: exit 1.
    throw new Error(
      `${answersWithMismatches} of ${requests} answers broke the spec's schemas (${counted(mismatches, 'mismatches')}, printed above)${recorded}`,
    )
  cc.out.success(`${counted(requests, 'answers')} relayed, all as the spec's schemas describe them${recorded}`)
}
