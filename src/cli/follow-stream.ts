// Following a Server-Sent Events stream of the emulator until Ctrl+C, through restarts: on a lost
// connection it waits (0.25 s doubling to 5 s) and reconnects with Last-Event-ID, so nothing is
// shown twice or missed while the emulator keeps it. The same schedule as `store webhooks listen`.
import { StoreError } from '../spec/errors.js'
import type { CliContext } from './context.js'
import type { Output } from './output.js'
import { RECONNECT_DELAYS_MS, parseSse, type SseMessage } from './webhooks/listen.js'

export interface FollowOptions {
  ctx: CliContext
  out: Output
  /** Opens the stream, resuming after `lastId`; throws StoreError when the emulator refuses. */
  open(lastId: string | undefined, signal: AbortSignal): Promise<Response>
  /** Handles one message; the stream resumes after its `id` next time. */
  onMessage(message: SseMessage): void | Promise<void>
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
  let lastId: string | undefined
  let failures = 0
  let connectedBefore = false
  try {
    while (!stopping.signal.aborted) {
      let reason: string
      try {
        const res = await o.open(lastId, stopping.signal)
        failures = 0
        out.info(o.connected(connectedBefore, lastId))
        connectedBefore = true
        for await (const message of parseSse(res.body!)) {
          await o.onMessage(message)
          if (message.id !== undefined) lastId = message.id
        }
        reason = 'the stream ended (the emulator stopped?)'
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
