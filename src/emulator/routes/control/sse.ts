import type { Context } from 'hono'
import { type SSEStreamingApi, streamSSE } from 'hono/streaming'
import { StoreError } from '../../../contract/errors.js'

/** A comment line this often keeps proxies and clients from closing an idle stream. */
export const DEFAULT_HEARTBEAT_MS = 15_000
/** What a client waits before reconnecting (SSE `retry:`). */
export const RECONNECT_MS = 1_000

/** A `Last-Event-ID` (header or query) as a sequence number; undefined when none was sent. */
export function lastEventIdOf(raw: string | undefined, what: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  if (!/^\d{1,15}$/.test(raw.trim()))
    throw new StoreError(400, `Last-Event-ID: "${raw}" is not ${what} (a sequence number)`, [
      { field: 'Last-Event-ID', message: 'is not a sequence number' },
    ])
  return Number(raw.trim())
}

/**
 * A Server-Sent Events answer fed by a queue: first the backlog `start` returns, then every item
 * `subscribe` hands over, each written by `send`, until the client goes. `start` and `subscribe`
 * run in the same tick, so no item falls between the backlog and the live ones.
 */
export function streamQueue<T>(
  c: Context,
  o: {
    /** `store serve`'s heartbeat setting (EmulatorOptions.webhooks.heartbeatMs); 15 s without it. */
    heartbeatMs?: number
    /** The emulator's time, written in each heartbeat. */
    nowIso(): string
    start(): { backlog: T[]; comment: string }
    subscribe(push: (item: T) => void): () => void
    send(stream: SSEStreamingApi, item: T): Promise<void>
  },
): Response {
  const heartbeatMs = o.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
  return streamSSE(c, async (stream) => {
    const { backlog: queue, comment } = o.start()
    let wake: (() => void) | undefined
    const unsubscribe = o.subscribe((item) => {
      queue.push(item)
      wake?.()
    })
    // A periodic keep-alive, not a wait: unref'd so it never holds the process open.
    const heartbeat = setInterval(() => void stream.write(`: heartbeat ${o.nowIso()}\n\n`), heartbeatMs)
    heartbeat.unref?.()
    stream.onAbort(() => {
      unsubscribe()
      clearInterval(heartbeat)
      wake?.()
    })
    await stream.write(`retry: ${RECONNECT_MS}\n: ${comment}\n\n`)
    try {
      while (!stream.aborted) {
        const next = queue.shift()
        if (next === undefined) {
          await new Promise<void>((resolve) => (wake = resolve))
          wake = undefined
          continue
        }
        await o.send(stream, next)
      }
    } finally {
      unsubscribe()
      clearInterval(heartbeat)
    }
  })
}
