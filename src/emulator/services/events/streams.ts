import { setImmediate as nextTurn } from 'node:timers/promises'
import { StoreError } from '../../../contract/errors.js'
import type { EmulatorOptions, Sleep } from '../../deps.js'
import type { EventRecord } from '../../../contract/rows.js'

/** Events reach streams in batches at most this often: one write carries all of a batch. */
const FLUSH_EVERY_MS = 100
/** Streams written in one turn of the event loop during a flush; other requests are answered between turns. */
const STREAMS_PER_TURN = 50

export type StreamEnd = { reason: 'overflow'; bytes: number } | { reason: 'revoked' }

export interface StreamRequest {
  keyId: string
  accountId: string
  shopId: string
  /** Kinds to pass on; all when undefined. */
  kinds?: ReadonlySet<string>
  /** The text of an event as the stream sends it, encoded (the caller may share it between streams). */
  format: (event: EventRecord) => Uint8Array
  /** Text sent but not yet taken by the reader, in bytes: it counts toward the buffer limit. */
  held?: () => number
  /** Called when there is text to send, at most once per batch of committed events. */
  wake: () => void
  /** Called once when the emulator ends the stream. */
  ended: (end: StreamEnd) => void
}

/** A committed event of a shop as its streams send it. */
interface Fed {
  seq: number
  kind: string
  text: Uint8Array
  /** Bytes of the feed's texts up to and including this one, from the feed's start. */
  upTo: number
}

/**
 * The committed events of one shop that some stream of it has not taken yet, oldest first: kept
 * once for all the shop's streams, each of which only holds how far it has read. An event costs
 * one append whatever the number of streams; a batch costs one look at each stream.
 */
class ShopFeed {
  readonly streams = new Set<EventStream>()
  private events: Fed[] = []
  /** Bytes of the events dropped from the front. */
  private dropped = 0

  get newest(): number {
    return this.events.at(-1)?.seq ?? 0
  }

  append(event: EventRecord, text: Uint8Array): void {
    const upTo = (this.events.at(-1)?.upTo ?? this.dropped) + text.byteLength
    this.events.push({ seq: event.seq, kind: event.kind, text, upTo })
  }

  private after(seq: number): number {
    let low = 0
    let high = this.events.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.events[middle]!.seq <= seq) low = middle + 1
      else high = middle
    }
    return low
  }

  bytesAfter(seq: number): number {
    const from = this.after(seq)
    if (from >= this.events.length) return 0
    return this.events.at(-1)!.upTo - (from === 0 ? this.dropped : this.events[from - 1]!.upTo)
  }

  /** The events after `seq` of the `kinds` (all when undefined), as one text, and the last one's number. */
  take(seq: number, kinds: ReadonlySet<string> | undefined): { text?: Uint8Array; last: number } {
    const from = this.after(seq)
    if (from >= this.events.length) return { last: seq }
    const last = this.events.at(-1)!.seq
    const run = this.events.slice(from).filter((e) => !kinds || kinds.has(e.kind))
    if (run.length === 0) return { last }
    return { text: run.length === 1 ? run[0]!.text : Buffer.concat(run.map((e) => e.text)), last }
  }

  /** After a flush: drops the events every stream has taken. */
  trim(): void {
    let oldest = Number.POSITIVE_INFINITY
    for (const stream of this.streams) oldest = Math.min(oldest, stream.position)
    const from = this.after(oldest)
    if (from === 0) return
    this.dropped = this.events[from - 1]!.upTo
    this.events = this.events.slice(from)
  }
}

/** One open stream: committed events of its shop wait in the shop's feed until its reader takes them. */
export class EventStream {
  /** Number of the last event this stream has taken (or skipped, filtered out). */
  position: number
  closed = false

  constructor(
    readonly request: StreamRequest,
    readonly feed: ShopFeed,
    private readonly streams: EventStreams,
  ) {
    this.position = feed.newest
  }

  /** The events after sequence number `after` not yet taken, as one text, and the last one's number. */
  take(after: number): { text?: Uint8Array; last: number } {
    const taken = this.feed.take(Math.max(after, this.position), this.request.kinds)
    this.position = taken.last
    return taken
  }

  /** Text this stream has still to send, its reader's unread part included, in bytes. */
  behind(): number {
    return this.feed.bytesAfter(this.position) + (this.request.held?.() ?? 0)
  }

  /** The reader caught up: what came meanwhile goes out with the next batch, not in a write of its own. */
  resume(): void {
    if (!this.closed && this.feed.newest > this.position) this.streams.flushSoon(this)
  }

  end(end: StreamEnd): void {
    if (this.closed) return
    this.close()
    this.request.ended(end)
  }

  /** The reader went away (or was told why it ends): no more events. */
  close(): void {
    if (this.closed) return
    this.closed = true
    this.streams.forget(this)
  }
}

/**
 * The event streams (GET /_emulator/events) of the emulator: at most `perKey` open per key and
 * `perAccount` per account, fed by the bus and found by shop, so a committed event costs its shop
 * one append to a shared feed; each stream holds at most `bufferBytes` unsent, past which its
 * reader is dropped (it may reconnect with Last-Event-ID). Revoking a key ends its streams (`endKey`).
 */
export class EventStreams {
  private readonly all = new Set<EventStream>()
  private readonly byShop = new Map<string, ShopFeed>()
  /** Shops with new events, and streams that caught up, to write at the next flush. */
  private waitingShops = new Set<ShopFeed>()
  private waitingStreams = new Set<EventStream>()
  private flushing = false
  private readonly perKey: number
  private readonly perAccount: number
  private readonly bufferBytes: number

  constructor(
    options: EmulatorOptions,
    private readonly sleep: Sleep,
  ) {
    this.perKey = options.webhooks?.streamsPerKey ?? 100
    this.perAccount = options.webhooks?.streamsPerAccount ?? 200
    this.bufferBytes = options.webhooks?.streamBufferBytes ?? 8 * 1024 * 1024
  }

  /** Hands a committed event to its shop's streams (the bus calls it, in sequence order). */
  dispatch(event: EventRecord): void {
    const feed = this.byShop.get(event.shopId)
    if (!feed) return
    // The streams of a shop share one format: the event's text is made once for all.
    const first = feed.streams.values().next().value as EventStream
    feed.append(event, first.request.format(event))
    this.waitingShops.add(feed)
    this.flushSoon()
  }

  get size(): number {
    return this.all.size
  }

  /** Opens a stream, or 429 when its key holds `perKey` already, or its account `perAccount`. */
  open(request: StreamRequest): EventStream {
    const ofKey = this.countOf(request.keyId)
    if (ofKey >= this.perKey)
      throw new StoreError(
        429,
        `this key already has ${ofKey} open event streams, the most one key may hold (${this.perKey}); close one, or use another key (POST /_emulator/keys)`,
      )
    const ofAccount = [...this.all].filter((s) => s.request.accountId === request.accountId).length
    if (ofAccount >= this.perAccount)
      throw new StoreError(
        429,
        `this account already has ${ofAccount} open event streams, the most one account may hold (${this.perAccount}); close one first`,
      )
    let feed = this.byShop.get(request.shopId)
    if (!feed) this.byShop.set(request.shopId, (feed = new ShopFeed()))
    const stream = new EventStream(request, feed, this)
    feed.streams.add(stream)
    this.all.add(stream)
    return stream
  }

  countOf(keyId: string): number {
    return [...this.all].filter((s) => s.request.keyId === keyId).length
  }

  endKey(keyId: string): void {
    for (const stream of [...this.all]) if (stream.request.keyId === keyId) stream.end({ reason: 'revoked' })
  }

  /**
   * Wakes streams with news together, FLUSH_EVERY_MS after the first: with many readers, one
   * write per stream carries every event of the batch instead of one write per event. News that
   * comes while a flush runs waits for the next one.
   */
  flushSoon(caughtUp?: EventStream): void {
    if (caughtUp) this.waitingStreams.add(caughtUp)
    if (this.flushing) return
    this.flushing = true
    void this.sleep(FLUSH_EVERY_MS).then(() => this.flush())
  }

  private async flush(): Promise<void> {
    const shops = this.waitingShops
    const ready = this.waitingStreams
    this.waitingShops = new Set()
    this.waitingStreams = new Set()
    for (const feed of shops) for (const stream of feed.streams) ready.add(stream)
    let written = 0
    for (const stream of ready) {
      if (++written % STREAMS_PER_TURN === 0) await nextTurn()
      if (stream.closed) continue
      // A reader too far behind is dropped; it may reconnect with Last-Event-ID.
      const behind = stream.behind()
      if (behind > this.bufferBytes) stream.end({ reason: 'overflow', bytes: behind })
      else stream.request.wake()
    }
    for (const feed of shops) feed.trim()
    this.flushing = false
    if (this.waitingShops.size > 0 || this.waitingStreams.size > 0) this.flushSoon()
  }

  forget(stream: EventStream): void {
    const { feed } = stream
    this.all.delete(stream)
    this.waitingStreams.delete(stream)
    feed.streams.delete(stream)
    if (feed.streams.size === 0) {
      this.byShop.delete(stream.request.shopId)
      this.waitingShops.delete(feed)
    }
  }
}
