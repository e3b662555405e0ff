// `store proxy`: forwards `/api/v1` to the upstream and relays its answers unchanged, recording
// (masked) and checking each; its own failures (upstream unreachable, TLS) are a JSON `{ error }`.
// Served until Ctrl+C or SIGTERM, then a summary (exit 1 when an answer broke the spec's schemas).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import type { CommandContext } from '../client-factory.js'
import { apiBaseOf } from '../connection.js'
import { counted } from '../counted.js'
import { untilStopped } from '../context.js'
import { UsageError } from '../exit-codes.js'
import { version } from '../version.js'
import { createHarRecorder } from './har-recorder.js'
import { portOf, readBody, sendJson, serveLocally } from './local-server.js'
import { checkAnswer, describeMismatch, routeFinder } from './schema-check.js'
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
/** An upstream that takes longer gave no answer. */
const UPSTREAM_TIMEOUT_MS = 30_000
const TLS_CODE = /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/i

/** Why the upstream gave no answer, and what to check, for the caller and the terminal alike. */
function failureOf(upstream: string, error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  const code = e?.cause?.code ?? ''
  if (TLS_CODE.test(code) || TLS_CODE.test(e?.cause?.message ?? ''))
    return `store proxy: the TLS connection to ${upstream} failed (${code || e?.cause?.message}): check the upstream's certificate and that --upstream names the right host and scheme`
  const reason =
    e?.name === 'TimeoutError' ? `no answer within ${UPSTREAM_TIMEOUT_MS / 1000} s` : e?.cause?.message || e?.message
  return `store proxy: the upstream ${upstream} gave no answer (${reason}): check --upstream and that the service is running and reachable from here`
}

export interface ProxyFlags {
  upstream: string
  record?: string
  port: string
  host: string
}

export async function runProxy(cc: CommandContext, o: ProxyFlags): Promise<void> {
  const port = portOf(o.port)
  const upstream = apiBaseOf(o.upstream, '--upstream')
  // The flag only: STORE_API_KEY is usually the local emulator's key, not the hosted service's.
  const apiKey = cc.globals.apiKey
  const recordPath = o.record ? resolve(cc.cwd, o.record) : undefined
  const recorder = recordPath
    ? await createHarRecorder(recordPath, version(), apiKey ? [apiKey] : []).catch((error: NodeJS.ErrnoException) => {
        throw new UsageError(
          `--record: cannot write ${recordPath} (${error.code ?? error.message}); pass a path in a folder that exists`,
        )
      })
    : undefined
  const findRoute = routeFinder()
  const stats = { requests: 0, mismatches: 0, answersWithMismatches: 0 }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET'
    const target = req.url ?? '/'
    if (!/^\/api\/v1(\/|\?|$)/.test(target))
      return sendJson(res, 404, {
        error: `store proxy forwards /api/v1 only, not ${target}: point your client at ${upstream.replace(/^.*?\/\/[^/]+/, '')} on this proxy`,
      })
    const body = await readBody(req, MAX_BODY)
    if (body === undefined)
      return sendJson(res, 413, { error: `body: is larger than ${MAX_BODY} bytes; store proxy relays smaller bodies` })
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || (name === 'authorization' && apiKey)) continue
      headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
    const upstreamPath = target.replace(/^\/api\/v1/, '')
    const startedAt = cc.now()
    const started = performance.now()
    stats.requests++
    let answer: UpstreamAnswer
    try {
      answer = await askUpstream(cc.fetch, upstream + upstreamPath, method, {
        headers: apiKey ? { ...headers, authorization: `Bearer ${apiKey}` } : headers,
        body: body === '' && (method === 'GET' || method === 'HEAD') ? undefined : body,
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      })
    } catch (error) {
      const message =
        error instanceof AnswerTooLargeError
          ? `store proxy: the answer of ${upstream}${upstreamPath} is larger than ${MAX_RELAYED_BYTES} bytes, more than store proxy relays; ask for less at once (a smaller limit, a narrower query)`
          : failureOf(upstream, error)
      cc.out.info(message)
      return sendJson(res, 502, { error: message })
    }
    const ms = performance.now() - started
    const path = upstreamPath.split('?')[0] || '/'
    cc.out.info(`${method} /api/v1${upstreamPath} → ${answer.status} (${Math.round(ms)} ms)`)
    const relayed: Record<string, string> = {}
    for (const name of RELAYED) if (answer.header(name) !== null) relayed[name] = answer.header(name)!
    // In the file before the caller has the answer: a proxy killed after answering lost nothing it answered.
    await recorder
      ?.add({
        startedAt,
        ms,
        method,
        url: upstream + upstreamPath,
        requestHeaders: { ...headers, ...(apiKey ? { authorization: 'Bearer (--api-key)' } : {}) },
        requestBody: body === '' ? undefined : body,
        answer,
        responseHeaders: relayed,
      })
      .catch((error: Error) =>
        cc.out.warn(
          `could not write ${recordPath}: ${error.message}; the exchanges are kept and written with the next one`,
        ),
      )
    const mismatches = checkAnswer(findRoute(method, path), { ...answer, text: answer.text ?? '' })
    if (mismatches.length) {
      stats.mismatches += mismatches.length
      stats.answersWithMismatches++
      for (const mismatch of mismatches) cc.out.line(`! ${describeMismatch(mismatch)}`)
    }
    if (answer.status === 401)
      cc.out.info(
        `store proxy: ${upstream} refused the key (401): check ${apiKey ? 'the key given with --api-key' : 'the key your client sends (or give the proxy one with --api-key)'}`,
      )
    res.writeHead(answer.status, answer.statusText, relayed).end(method === 'HEAD' ? undefined : answer.bytes)
  }

  const { address, close } = await serveLocally(port, o.host, handle, (error, res) => {
    cc.out.info(`store proxy: ${error.message}`)
    if (!res.headersSent) sendJson(res, 500, { error: `store proxy failed: ${error.message}` })
  })
  cc.out.info(
    `store proxy: http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${address.port}/api/v1 → ${upstream}`,
  )
  if (recordPath) cc.out.info(`recording to ${recordPath} (HAR 1.2, keys masked)`)
  cc.out.info('Ctrl+C stops it')
  await untilStopped(cc)
  await close()
  await recorder?.close()
  const { requests, answersWithMismatches, mismatches } = stats
  const recorded = recorder ? `; ${recorder.entries} recorded to ${recordPath}` : ''
  if (answersWithMismatches)
    throw new Error(
      `${answersWithMismatches} of ${requests} answers broke the spec's schemas (${counted(mismatches, 'mismatches')}, printed above)${recorded}`,
    )
  cc.out.success(`${counted(requests, 'answers')} relayed, all as the spec's schemas describe them${recorded}`)
}
