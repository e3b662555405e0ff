import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { StoreError } from '../../../spec/errors.js'
import { isWebhookEventKind } from '../../../spec/events.js'
import { EventStreamQuerySchema } from '../../../spec/webhooks.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import type { EmulatorOptions } from '../../deps.js'
import { presentEvent } from '../../present/events.js'
import type { Services } from '../../services/index.js'
import { parseQuery } from '../../middleware/validate.js'
import type { EventRecord } from '../../store/records.js'

/** A comment line this often keeps proxies and clients from closing an idle stream. */
export const DEFAULT_HEARTBEAT_MS = 15_000
/** What a client waits before reconnecting (SSE `retry:`). */
const RECONNECT_MS = 1_000

function parseKinds(list: string | undefined): Set<string> | undefined {
  if (!list) return undefined
  const kinds = list
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
  const unknown = kinds.find((k) => !isWebhookEventKind(k))
  if (unknown)
    throw new StoreError(
      400,
      `events: "${unknown}" is not an event kind of the spec (GET the list with store webhooks events)`,
      [{ field: 'events', message: 'holds an unknown kind' }],
    )
  return new Set(kinds)
}

function parseLastEventId(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  if (!/^\d{1,15}$/.test(raw.trim()))
    throw new StoreError(400, `Last-Event-ID: "${raw}" is not an event id of this stream (a sequence number)`, [
      { field: 'Last-Event-ID', message: 'is not a sequence number' },
    ])
  return Number(raw.trim())
}

/**
 * GET /_emulator/events: the shop's events as Server-Sent Events, as they are committed. Each
 * message's `id` is the event's sequence number; a client that reconnects with `Last-Event-ID`
 * (header, or `?lastEventId=`) first gets every logged event after it, then the live ones, none
 * twice. Without it the stream starts with the next event. `?events=k1,k2` filters by kind.
 */
export const eventStreamRoutes = ({ events: bus, clock }: Services, options: EmulatorOptions) =>
  new Hono<AuthedEnv>().get('/', (c) => {
    const query = parseQuery(c, EventStreamQuerySchema)
    const kinds = parseKinds(query.events)
    let after = parseLastEventId(c.req.header('last-event-id') ?? query.lastEventId)
    const shop = c.var.shop
    const heartbeatMs = options.webhooks?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
    return streamSSE(c, async (stream) => {
      // Backlog and subscription are taken in the same tick, so no event falls between them.
      const newest = bus.lastCommittedSeq()
      // An id beyond the log's end comes from another db (a fresh --db): replay this log from its start.
      const replayedAll = after !== undefined && after > newest
      if (replayedAll) after = 0
      const queue: EventRecord[] = after === undefined ? [] : bus.backlog(shop.id, after)
      let sent = after ?? newest
      let wake: (() => void) | undefined
      const unsubscribe = bus.subscribe((event) => {
        if (event.shopId !== shop.id) return
        queue.push(event.record)
        wake?.()
      })
      // A periodic keep-alive, not a wait: unref'd so it never holds the process open.
      const heartbeat = setInterval(
        () => void stream.write(`: heartbeat ${clock.nowIso(c.var.account)}\n\n`),
        heartbeatMs,
      )
      heartbeat.unref?.()
      stream.onAbort(() => {
        unsubscribe()
        clearInterval(heartbeat)
        wake?.()
      })
      await stream.write(
        `retry: ${RECONNECT_MS}\n: events of shop ${shop.slug}; last event ${newest}${replayedAll ? '; Last-Event-ID was past the end of this log, replaying it from the start' : ''}\n\n`,
      )
      try {
        while (!stream.aborted) {
          const next = queue.shift()
          if (!next) {
            await new Promise<void>((resolve) => (wake = resolve))
            wake = undefined
            continue
          }
          if (next.seq <= sent || (kinds && !kinds.has(next.kind))) continue
          sent = next.seq
          await stream.writeSSE({ id: String(next.seq), data: JSON.stringify(presentEvent(next)) })
        }
      } finally {
        unsubscribe()
        clearInterval(heartbeat)
      }
    })
  })
