import { StoreError } from '../../../contract/errors.js'
import { isWebhookEventKind } from '../../../contract/events.js'
import { presentEvent } from '../../services/events/present.js'
import type { StreamEnd } from '../../services/events/streams.js'
import type { EventRecord } from '../../../contract/rows.js'
import { authedHandlers } from '../route.js'
import { answerSse } from './sse-sink.js'
import { DEFAULT_HEARTBEAT_MS, RECONNECT_MS, lastEventIdOf } from './sse.js'

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
 * Each event as its stream message, made once while the event is kept and shared by every stream
 * (RouteDeps.eventMessage): one per app.
 */
export function eventMessages(): (event: EventRecord) => Uint8Array {
  const texts = new WeakMap<EventRecord, Uint8Array>()
  return (event) => {
    let text = texts.get(event)
    if (text === undefined) {
      text = Buffer.from(`id: ${event.seq}\ndata: ${JSON.stringify(presentEvent(event))}\n\n`)
      texts.set(event, text)
    }
    return text
  }
}

/**
 * GET /_emulator/events: the shop's events as Server-Sent Events, as they are committed. Each
 * message's `id` is the event's sequence number; a client that reconnects with `Last-Event-ID`
 * (header, or `?lastEventId=`) first gets every logged event after it, then the live ones, none
 * twice. Without it the stream starts with the next event. `?events=k1,k2` filters by kind.
 * Streams per key are capped (429) and a reader too slow to keep up is dropped (services/events/streams.ts);
 * revoking the key ends its streams.
 */
export const eventHandlers = authedHandlers({
  streamEvents: (c, { services: { events: bus, clock }, options, query, eventMessage: format }) => {
    const kinds = parseKinds(query.events)
    let after = lastEventIdOf(c.req.header('last-event-id') ?? query.lastEventId, 'an event id of this stream')
    const shop = c.get('shop')
    const heartbeatMs = options.webhooks?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
    let wake = () => {}
    let stop = (_end: StreamEnd) => {}
    let held = () => 0
    // Opened before the answer starts, so a key past its cap gets its 429 as a JSON error.
    const live = bus.streams.open({
      keyId: c.get('key').id,
      accountId: c.get('account').id,
      shopId: shop.id,
      kinds,
      format,
      held: () => held(),
      wake: () => wake(),
      ended: (end) => stop(end),
    })
    return answerSse(c, (sink) => {
      // Backlog and subscription are taken in the same tick, so no event falls between them.
      const newest = bus.lastCommittedSeq()
      // An id beyond the log's end comes from another db (a fresh --db): replay this log from its start.
      const replayedAll = after !== undefined && after > newest
      if (replayedAll) after = 0
      const backlog = after === undefined ? [] : bus.backlog(shop.id, after)
      let replayed = 0
      let sent = after ?? newest
      let isBehind = false
      // What the sink held after the last write it refused, an upper bound until it drains; while
      // it takes writes, it holds less than its high-water mark, too little to count.
      let heldBehind = 0
      let isOver = false
      held = () => heldBehind
      const send = (text: string | Uint8Array) => {
        if (sink.write(text)) return
        isBehind = true
        heldBehind = sink.held()
      }
      /** Sends what is ready, the backlog first, until the reader falls behind or nothing is left. */
      const pump = () => {
        while (!isBehind && !isOver) {
          if (replayed < backlog.length) {
            const event = backlog[replayed++]!
            if (kinds && !kinds.has(event.kind)) continue
            sent = event.seq
            send(format(event))
            continue
          }
          // Live events already sent from the backlog are skipped by their sequence number.
          const batch = live.take(sent)
          if (!batch.text) return
          sent = batch.last
          send(batch.text)
        }
      }
      const finish = () => {
        if (isOver) return
        isOver = true
        live.close()
        clearInterval(heartbeat)
      }
      // A periodic keep-alive, not a wait: unref'd so it never holds the process open.
      const heartbeat = setInterval(() => send(`: heartbeat ${clock.nowIso(c.get('account'))}\n\n`), heartbeatMs)
      heartbeat.unref?.()
      wake = pump
      stop = (end) => {
        finish()
        sink.write(endNotice(end, sent))
        // A reader too slow to take more is cut now; a revoked one is told and closed.
        if (end.reason === 'overflow') sink.abort()
        else sink.end()
      }
      send(
        `retry: ${RECONNECT_MS}\n: events of shop ${shop.slug}; last event ${newest}${replayedAll ? '; Last-Event-ID was past the end of this log, replaying it from the start' : ''}\n\n`,
      )
      pump()
      return {
        drained: () => {
          isBehind = false
          heldBehind = 0
          if (replayed < backlog.length) pump()
          else live.resume()
        },
        closed: finish,
      }
    })
  },
})
