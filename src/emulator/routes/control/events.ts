import { Hono } from 'hono'
import { StoreError } from '../../../spec/errors.js'
import { isWebhookEventKind } from '../../../spec/events.js'
import { EventStreamQuerySchema } from '../../../spec/webhooks.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import type { EmulatorOptions } from '../../deps.js'
import { presentEvent } from '../../present/events.js'
import type { Services } from '../../services/index.js'
import { parseQuery } from '../../middleware/validate.js'
import { lastEventIdOf, streamQueue } from './sse.js'
import type { EventRecord } from '../../store/records.js'

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
    let after = lastEventIdOf(c.req.header('last-event-id') ?? query.lastEventId, 'an event id of this stream')
    const shop = c.var.shop
    let sent = 0
    return streamQueue<EventRecord>(c, {
      heartbeatMs: options.webhooks?.heartbeatMs,
      nowIso: () => clock.nowIso(),
      start: () => {
        const newest = bus.lastCommittedSeq()
        // An id beyond the log's end comes from another db (a fresh --db): replay this log from its start.
        const replayedAll = after !== undefined && after > newest
        if (replayedAll) after = 0
        sent = after ?? newest
        return {
          backlog: after === undefined ? [] : bus.backlog(shop.id, after),
          comment: `events of shop ${shop.slug}; last event ${newest}${replayedAll ? '; Last-Event-ID was past the end of this log, replaying it from the start' : ''}`,
        }
      },
      subscribe: (push) =>
        bus.subscribe((event) => {
          if (event.shopId === shop.id) push(event.record)
        }),
      send: async (stream, next) => {
        if (next.seq <= sent || (kinds && !kinds.has(next.kind))) return
        sent = next.seq
        await stream.writeSSE({ id: String(next.seq), data: JSON.stringify(presentEvent(next)) })
      },
    })
  })
