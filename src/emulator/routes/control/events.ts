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
import type { StreamEnd } from '../../services/events/streams.js'
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

/** The last words of a stream the emulator ends: why, and where its reader picks up again. */
function endNotice(end: StreamEnd, sent: number): string {
  const resume = `reconnect with Last-Event-ID: ${sent} to pick up from there`
  if (end.reason === 'revoked')
    return `event: error\ndata: ${JSON.stringify({ error: 'the API key of this stream was revoked' })}\n\n`
  return `event: error\ndata: ${JSON.stringify({
    error: `this stream fell ${end.bytes} bytes behind, more than one stream may hold unsent; it was dropped: read faster, or filter with ?events=, and ${resume}`,
  })}\n\n`
}

/**
 * GET /_emulator/events: the shop's events as Server-Sent Events, as they are committed. Each
 * message's `id` is the event's sequence number; a client that reconnects with `Last-Event-ID`
 * (header, or `?lastEventId=`) first gets every logged event after it, then the live ones, none
 * twice. Without it the stream starts with the next event. `?events=k1,k2` filters by kind.
 * Streams per key are capped (429) and a reader too slow to keep up is dropped (services/events/streams.ts);
 * revoking the key ends its streams.
 */
export const eventStreamRoutes = ({ events: bus, clock }: Services, options: EmulatorOptions) => {
  // An event's text is the same for every stream: made once, kept as long as the event is.
  const texts = new WeakMap<EventRecord, string>()
  const format = (event: EventRecord) => {
    let text = texts.get(event)
    if (text === undefined) {
      text = `id: ${event.seq}\ndata: ${JSON.stringify(presentEvent(event))}\n\n`
      texts.set(event, text)
    }
    return text
  }
  return new Hono<AuthedEnv>().get('/', (c) => {
    const query = parseQuery(c, EventStreamQuerySchema)
    const kinds = parseKinds(query.events)
    let after = parseLastEventId(c.req.header('last-event-id') ?? query.lastEventId)
    const shop = c.var.shop
    const heartbeatMs = options.webhooks?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
    let wake: (() => void) | undefined
    let ended: StreamEnd | undefined
    let cut: (() => void) | undefined
    // Opened before the answer starts, so a key past its cap gets its 429 as a JSON error.
    const live = bus.streams.open({
      keyId: c.var.key.id,
      shopId: shop.id,
      kinds,
      format,
      wake: () => wake?.(),
      ended: (end) => {
        ended = end
        // A reader too slow to take more is cut now, whatever its stream is waiting for.
        if (end.reason === 'overflow') cut?.()
        wake?.()
      },
    })
    return streamSSE(c, async (stream) => {
      // Backlog and subscription are taken in the same tick, so no event falls between them.
      const newest = bus.lastCommittedSeq()
      // An id beyond the log's end comes from another db (a fresh --db): replay this log from its start.
      const replayedAll = after !== undefined && after > newest
      if (replayedAll) after = 0
      const backlog = after === undefined ? [] : bus.backlog(shop.id, after)
      let sent = after ?? newest
      cut = () => {
        void stream.write(endNotice(ended!, sent))
        stream.abort()
      }
      // A periodic keep-alive, not a wait: unref'd so it never holds the process open.
      const heartbeat = setInterval(
        () => void stream.write(`: heartbeat ${clock.nowIso(c.var.account)}\n\n`),
        heartbeatMs,
      )
      heartbeat.unref?.()
      stream.onAbort(() => {
        live.close()
        clearInterval(heartbeat)
        wake?.()
      })
      await stream.write(
        `retry: ${RECONNECT_MS}\n: events of shop ${shop.slug}; last event ${newest}${replayedAll ? '; Last-Event-ID was past the end of this log, replaying it from the start' : ''}\n\n`,
      )
      try {
        for (const event of backlog) {
          if (stream.aborted || ended) break
          if (kinds && !kinds.has(event.kind)) continue
          sent = event.seq
          await stream.write(format(event))
        }
        while (!stream.aborted && !ended) {
          // Live events already sent from the backlog are skipped by their sequence number.
          const { text, last } = live.take(sent)
          if (!text) {
            await new Promise<void>((resolve) => (wake = resolve))
            wake = undefined
            continue
          }
          sent = last
          await stream.write(text)
        }
        if (ended?.reason === 'revoked' && !stream.aborted) {
          await stream.write(endNotice(ended, sent))
          await stream.close()
        }
      } finally {
        live.close()
        clearInterval(heartbeat)
      }
    })
  })
}
