// `store webhooks listen --forward-to URL`: the emulator's live events (GET /_emulator/events, SSE)
// POSTed to a local URL as webhooks. Reconnects by itself and resumes with Last-Event-ID, so an
// event is forwarded once even when the emulator restarts in between.
import { StoreError } from '../../spec/errors.js'
import { EmittedEventSchema, type EmittedEvent } from '../../spec/webhooks.js'
import { isWebhookEventKind, webhookBody, type WebhookEventKind } from '../../spec/events.js'
import { UsageError } from '../exit-codes.js'
import { authHeaders, isOk, sendWebhook, type Sent, type WebhookContext } from './http.js'

export interface SseMessage {
  id?: string
  event?: string
  data: string
}

/** Parses a text/event-stream body into messages (comments and `retry:` lines are skipped). */
export async function* parseSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder()
  let buffer = ''
  let message: { id?: string; event?: string; data: string[] } = { data: [] }
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let newline: number
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1))
        if (line === '') {
          if (message.data.length) yield { id: message.id, event: message.event, data: message.data.join('\n') }
          message = { data: [] }
          continue
        }
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'data') message.data.push(value)
        else if (field === 'id') message.id = value
        else if (field === 'event') message.event = value
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}

export interface ListenOptions {
  forwardTo: string
  events?: string
  since?: string
}

export interface Forwarded {
  sequence: number
  event: string
  status: number | null
  durationMs: number
  error: string | null
  attempts: number
}

/** Waits between reconnects: 0.25 s doubling to 5 s; back to the start after a good connection. */
export const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000]
/** Waits before re-POSTing to a local URL that did not answer (it may be restarting). */
export const FORWARD_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000]

function parseKinds(text: string | undefined): WebhookEventKind[] | undefined {
  if (!text) return undefined
  const kinds = text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
  const unknown = kinds.find((k) => !isWebhookEventKind(k))
  if (unknown)
    throw new UsageError(`--events: "${unknown}" is not an event kind (list them with store webhooks events)`)
  return kinds as WebhookEventKind[]
}

/**
 * Forwards events until SIGINT/SIGTERM. One stdout line per forwarded event (time, sequence,
 * kind, the local URL's status, duration); connection news on stderr.
 */
export async function listen(w: WebhookContext, o: ListenOptions): Promise<void> {
  const { ctx, out } = w
  if (!/^https?:\/\//i.test(o.forwardTo)) throw new UsageError(`--forward-to: "${o.forwardTo}" is not an http(s) URL`)
  const kinds = parseKinds(o.events)
  if (o.since !== undefined && !/^\d+$/.test(o.since))
    throw new UsageError(`--since: "${o.since}" is not an event id (a sequence number; 0 replays every kept event)`)
  const connection = w.connection()
  const headers = authHeaders(connection)
  const streamUrl = `${connection.origin}/_emulator/events${kinds ? `?events=${encodeURIComponent(kinds.join(','))}` : ''}`
  const stopping = new AbortController()
  const offInt = ctx.onSignal('SIGINT', () => stopping.abort())
  const offTerm = ctx.onSignal('SIGTERM', () => stopping.abort())
  let lastId: string | undefined = o.since
  let failures = 0
  let connectedBefore = false
  try {
    while (!stopping.signal.aborted) {
      let reason: string
      try {
        const res = await ctx.fetch(streamUrl, {
          headers: {
            ...headers,
            accept: 'text/event-stream',
            ...(lastId !== undefined ? { 'last-event-id': lastId } : {}),
          },
          signal: stopping.signal,
        })
        if (res.status === 401 || res.status === 403 || res.status === 400 || res.status === 404) {
          const body = (await res.json().catch(() => ({}))) as { error?: string }
          throw new StoreError(res.status, body.error ?? `GET /_emulator/events answered ${res.status}`)
        }
        if (!res.ok || !res.body) {
          reason = `the emulator answered ${res.status}`
        } else {
          failures = 0
          out.info(
            connectedBefore
              ? `Reconnected to ${connection.origin}${lastId !== undefined ? `; resuming after event ${lastId}` : ''}`
              : `Ready! Forwarding ${kinds ? kinds.join(', ') : 'every event'} from ${connection.origin} to ${o.forwardTo} (Ctrl+C to stop)`,
          )
          connectedBefore = true
          for await (const message of parseSse(res.body)) {
            const event = parseEvent(message)
            if (!event) continue
            const forwarded = await forward(w, o.forwardTo, event, stopping.signal)
            if (stopping.signal.aborted) break
            lastId = String(event.sequence)
            printForwarded(w, forwarded)
          }
          reason = 'the stream ended (the emulator stopped?)'
        }
      } catch (error) {
        if (stopping.signal.aborted) break
        if (error instanceof StoreError) throw error
        const cause = (error as { cause?: { code?: string } })?.cause?.code
        reason =
          cause === 'ECONNREFUSED'
            ? 'the emulator is not reachable'
            : cause === 'UND_ERR_SOCKET' || cause === 'ECONNRESET'
              ? 'the emulator closed the connection (stopped?)'
              : `connection lost (${cause ?? (error as Error).message})`
      }
      if (stopping.signal.aborted) break
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]
      failures++
      out.info(`${reason}; reconnecting in ${delay / 1000} s`)
      await Promise.race([
        ctx.sleep(delay),
        new Promise((resolve) => stopping.signal.addEventListener('abort', resolve, { once: true })),
      ])
    }
  } finally {
    offInt()
    offTerm()
  }
}

function parseEvent(message: SseMessage): EmittedEvent | undefined {
  try {
    return EmittedEventSchema.parse(JSON.parse(message.data))
  } catch {
    return undefined
  }
}

/**
 * POSTs the event as a webhook (`{ event, data, timestamp, source }`, spec headers). A local URL
 * that does not answer gets the same body again after 0.5, 1, 2, 4 and 8 s; any answer, 2xx or
 * not, is the receiver's verdict and is printed as it is.
 */
async function forward(w: WebhookContext, url: string, event: EmittedEvent, stop: AbortSignal): Promise<Forwarded> {
  const body = JSON.stringify(webhookBody(event.event as WebhookEventKind, event.data, w.ctx.now()))
  let sent: Sent = await sendWebhook(w.ctx, url, body, undefined, stop)
  let attempts = 1
  for (const delay of FORWARD_RETRY_DELAYS_MS) {
    if (sent.status !== null || stop.aborted) break
    w.out.info(
      `${url} did not answer (${sent.error}); trying ${event.event} #${event.sequence} again in ${delay / 1000} s`,
    )
    await w.ctx.sleep(delay)
    sent = await sendWebhook(w.ctx, url, body, undefined, stop)
    attempts++
  }
  return {
    sequence: event.sequence,
    event: event.event,
    status: sent.status,
    durationMs: sent.durationMs,
    error: sent.error,
    attempts,
  }
}

function printForwarded(w: WebhookContext, f: Forwarded): void {
  const { out } = w
  if (out.isJson) return out.ndjson({ ...f, at: w.ctx.now().toISOString() })
  const time = w.ctx.now().toISOString().slice(11, 19)
  const status =
    f.status === null
      ? out.chalk.red(`not delivered (${f.error})`)
      : isOk(f.status)
        ? out.chalk.green(String(f.status))
        : out.chalk.red(String(f.status))
  out.line(`${time}  #${f.sequence}  ${f.event}  → ${status}  ${f.durationMs} ms`)
}
