// Following a Server-Sent Events stream of the emulator until Ctrl+C, through restarts: on a lost
// connection it waits (0.25 s doubling to 5 s) and reconnects with Last-Event-ID, so nothing is
// shown twice or missed while the emulator keeps it. The same schedule as `store webhooks listen`.
import { StoreError } from '../spec/errors.js'
import type { CliContext } from './context.js'
import type { Output } from './output.js'

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

/** Waits between reconnects: 0.25 s doubling to 5 s; back to the start after a good connection. */
export const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000]

export interface FollowOptions {
  ctx: CliContext
  out: Output
  /** Where the first connection resumes (`--since`); later ones resume after the last message handled. */
  since?: string
  /**
   * Opens the stream, resuming after `lastId`. A StoreError it throws with a 4xx status (not 429)
   * ends the command; any other failure, or an answer that is not a 2xx stream, is retried.
   */
  open(lastId: string | undefined, signal: AbortSignal): Promise<Response>
  /** Handles one message (`signal` aborts on Ctrl+C); the stream resumes after its `id` next time. */
  onMessage(message: SseMessage, signal: AbortSignal): void | Promise<void>
  /** What to say once connected, the first time and after a reconnect. */
  connected(reconnected: boolean, lastId: string | undefined): string
}

/** A refusal that reconnecting cannot fix (bad key, bad filter, no such route); 429 and 5xx are retried. */
const isFinal = (error: unknown): error is StoreError =>
  error instanceof StoreError && error.status >= 400 && error.status < 500 && error.status !== 429

function reasonOf(error: unknown): string {
  if (error instanceof StoreError) return `the emulator answered ${error.status} (${error.message})`
  const cause = (error as { cause?: { code?: string } })?.cause?.code
  if (cause === 'ECONNREFUSED') return 'the emulator is not reachable'
  if (cause === 'UND_ERR_SOCKET' || cause === 'ECONNRESET') return 'the emulator closed the connection (stopped?)'
  return `connection lost (${cause ?? (error as Error)?.message ?? String(error)})`
}

/** Follows the stream until SIGINT or SIGTERM; connection news on stderr. */
export async function followStream(o: FollowOptions): Promise<void> {
  const { ctx, out } = o
  const stopping = new AbortController()
  const offInt = ctx.onSignal('SIGINT', () => stopping.abort())
  const offTerm = ctx.onSignal('SIGTERM', () => stopping.abort())
  let lastId = o.since
  let failures = 0
  let connectedBefore = false
  try {
    while (!stopping.signal.aborted) {
      let reason: string
      try {
        const res = await o.open(lastId, stopping.signal)
        if (!res.ok || !res.body) {
          reason = `the emulator answered ${res.status}`
        } else {
          failures = 0
          out.info(o.connected(connectedBefore, lastId))
          connectedBefore = true
          for await (const message of parseSse(res.body)) {
            await o.onMessage(message, stopping.signal)
            if (stopping.signal.aborted) break
            if (message.id !== undefined) lastId = message.id
          }
          reason = 'the stream ended (the emulator stopped?)'
        }
      } catch (error) {
        if (stopping.signal.aborted) break
        if (isFinal(error)) throw error
        reason = reasonOf(error)
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
