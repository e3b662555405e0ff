import { type Context, Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { StoreError } from '../../../spec/errors.js'
import {
  REQUEST_LOG_LIMIT,
  type RequestLogEntry,
  RequestLogQuerySchema,
  matchesRequestFilter,
} from '../../../spec/requests.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import type { RequestRecorder } from '../../inspector/recorder.js'
import { parseQuery } from '../../middleware/validate.js'
import { DEFAULT_HEARTBEAT_MS } from './events.js'

/** What a client waits before reconnecting (SSE `retry:`). */
const RECONNECT_MS = 1_000

function lastEventIdOf(c: Context, after: number | undefined): number | undefined {
  const header = c.req.header('last-event-id')?.trim()
  if (!header) return after
  if (!/^\d{1,15}$/.test(header))
    throw new StoreError(400, `Last-Event-ID: "${header}" is not a request sequence number of this log`, [
      { field: 'Last-Event-ID', message: 'is not a sequence number' },
    ])
  return Number(header)
}

/**
 * `/_emulator/requests`: the calling account's recent requests (README, "Request inspector").
 * JSON, newest first; with `Accept: text/event-stream`, Server-Sent Events of each new request as
 * it is answered (after replaying those after `Last-Event-ID` or `?after=`, when given).
 */
export const requestLogRoutes = (emu: Emulator, recorder: RequestRecorder) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      const query = parseQuery(c, RequestLogQuerySchema)
      const account = c.var.account.id
      if (!/text\/event-stream/i.test(c.req.header('accept') ?? '')) {
        const limit = query.limit ?? REQUEST_LOG_LIMIT.default
        return c.json({ requests: recorder.list(account, query, limit, query.after) })
      }
      let after = lastEventIdOf(c, query.after)
      // An id past the log's end comes from before a restart (the log starts empty): replay it all.
      if (after !== undefined && after > recorder.newest(account)) after = 0
      const heartbeatMs = emu.options.webhooks?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
      return streamSSE(c, async (stream) => {
        // Backlog and subscription in the same tick, so no request falls between them.
        const queue: RequestLogEntry[] = after === undefined ? [] : recorder.since(account, query, after)
        let wake: (() => void) | undefined
        const unsubscribe = recorder.subscribe(account, (entry) => {
          if (!matchesRequestFilter(entry, query)) return
          queue.push(entry)
          wake?.()
        })
        // A periodic keep-alive, not a wait: unref'd so it never holds the process open.
        const heartbeat = setInterval(() => void stream.write(`: heartbeat ${emu.nowIso()}\n\n`), heartbeatMs)
        heartbeat.unref?.()
        stream.onAbort(() => {
          unsubscribe()
          clearInterval(heartbeat)
          wake?.()
        })
        await stream.write(`retry: ${RECONNECT_MS}\n: requests of this account; newest ${recorder.newest(account)}\n\n`)
        try {
          while (!stream.aborted) {
            const next = queue.shift()
            if (!next) {
              await new Promise<void>((resolve) => (wake = resolve))
              wake = undefined
              continue
            }
            await stream.writeSSE({ id: String(next.sequence), data: JSON.stringify(next) })
          }
        } finally {
          unsubscribe()
          clearInterval(heartbeat)
        }
      })
    })
    .get('/:id', (c) => c.json(recorder.find(c.var.account.id, c.req.param('id'))))
