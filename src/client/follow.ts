// Following a Server-Sent Events stream of the emulator through restarts: on a lost connection it
// waits and reconnects with Last-Event-ID, so nothing is yielded twice or missed while the emulator
// keeps it. `client.emulator.events()` and `client.requests.stream()` both follow this way.
import type { OperationId } from '../contract/operations/index.js'
import { StoreError } from '../contract/store-error.js'
import { type CallOptions, type Http, jsonOf } from './http.js'
import { parseSse } from './sse.js'

export type StreamStatus =
  | { state: 'connected'; reconnected: boolean; resumedAfter?: string }
  | { state: 'reconnecting'; reason: string; inMs: number }

export interface FollowOptions extends CallOptions {
  /** First replay what the emulator kept after this id (`0`: everything kept); default: only what is new. */
  since?: number | string
  /** Told when the stream connects, and when it dropped and is about to reconnect. */
  onStatus?: (status: StreamStatus) => void
  /** Waits before each reconnect in a row (ms), the last one repeating. Default 250, 500, 1000, 2000, 5000. */
  reconnectDelaysMs?: readonly number[]
}

export const RECONNECT_DELAYS_MS: readonly number[] = [250, 500, 1_000, 2_000, 5_000]

/**
 * Yields each message's data, a JSON object with its `sequence` (the id to resume after). Ends when
 * `signal` aborts or the caller stops iterating; a refusal (4xx) throws its StoreError.
 */
export async function* follow<T extends { sequence: number }>(
  http: Http,
  operation: OperationId,
  query: Record<string, string | undefined> | undefined,
  options: FollowOptions,
): AsyncGenerator<T> {
  const delays = options.reconnectDelaysMs?.length ? options.reconnectDelaysMs : RECONNECT_DELAYS_MS
  // Aborted when the caller stops iterating, so the open stream is closed at once.
  const done = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, done.signal]) : done.signal
  let lastId = options.since === undefined ? undefined : String(options.since)
  let failures = 0
  let connectedBefore = false
  try {
    while (!signal.aborted) {
      let reason: string
      try {
        const res = await http.open(operation, {
          query,
          signal,
          headers: { accept: 'text/event-stream', ...(lastId !== undefined ? { 'last-event-id': lastId } : {}) },
        })
        failures = 0
        options.onStatus?.({ state: 'connected', reconnected: connectedBefore, resumedAfter: lastId })
        connectedBefore = true
        for await (const message of parseSse(res.body as ReadableStream<Uint8Array>, signal)) {
          const item = jsonOf(message.data) as T | undefined
          if (typeof item?.sequence !== 'number') continue
          lastId = message.id ?? String(item.sequence)
          yield item
        }
        reason = 'the stream ended (the emulator stopped?)'
      } catch (error) {
        if (signal.aborted) return
        // A refusal (bad key, bad filter) will not change by retrying; no answer, a 5xx or a
        // stream cut off mid-way (the emulator stopped) may.
        if (error instanceof StoreError && error.status >= 400 && error.status < 500) throw error
        reason =
          error instanceof StoreError && error.status > 0
            ? `the emulator answered ${error.status}`
            : `connection lost (${describe(error)})`
      }
      if (signal.aborted) return
      const inMs = delays[Math.min(failures, delays.length - 1)]
      failures++
      options.onStatus?.({ state: 'reconnecting', reason, inMs })
      await http.pause(inMs, signal)
    }
  } finally {
    done.abort()
  }
}

function describe(error: unknown): string {
  const e = error as { message?: string; cause?: { code?: string; message?: string } }
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error)
}
