import { setImmediate as nextTurn } from 'node:timers/promises'
import { StoreError } from '../../../contract/errors.js'
import type { EmulatorOptions, Sleep } from '../../deps.js'
import type { EventRecord } from '../../../contract/rows.js'

/** Events reach streams in batches at most this often: one write carries all of a batch. */
const FLUSH_EVERY_MS = 100
/** Streams woken in one turn of the event loop during a flush; other requests are answered between turns. */
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

/** One open stream: the committed events of its shop and kinds wait here until its reader takes them. */
export class EventStream {
  closed = false
  private waiting: { seq: number; text: Uint8Array }[] = []
  private waitingBytes = 0

  constructor(
    readonly request: StreamRequest,
    private readonly streams: EventStreams,
  ) {}

  /** Keeps a committed event for the reader; false when the stream does not pass on its kind. */
  add(event: EventRecord): boolean {
    if (this.request.kinds && !this.request.kinds.has(event.kind)) return false
    const text = this.request.format(event)
    this.waiting.push({ seq: event.seq, text })
    this.waitingBytes += text.byteLength
    return true
  }

  /** The waiting events after sequence number `after`, as one text, and the last one's number. */
  take(after: number): { text?: Uint8Array; last: number } {
    const run = this.waiting.filter((e) => e.seq > after)
    this.waiting = []
    this.waitingBytes = 0
    if (run.length === 0) return { last: after }
    return { text: run.length === 1 ? run[0]!.text : Buffer.concat(run.map((e) => e.text)), last: run.at(-1)!.seq }
  }

  /** Text this stream has still to send, its reader's unread part included, in bytes. */
  behind(): number {
    return this.waitingBytes + (this.request.held?.() ?? 0)
  }

  /** The reader caught up: what came meanwhile goes out with the next batch, not in a write of its own. */
  resume(): void {
    if (!this.closed && this.waiting.length > 0) this.streams.flushSoon(this)
  }

  end(end: StreamEnd): void {
    if (this.closed) return
    this.close()
    this.request.ended(end)
  }

  /** The reader went away (or was told why it ends): no more events. */
  close(): void {
    this.closed = true
    this.streams.forget(this)
  }
}

/**
 * The event streams (GET /_emulator/events) of the emulator: at most `perKey` open per key and
 * `perAccount` per account, found by shop; each holds at most `bufferBytes` unsent, past which its
 * reader is dropped (it may reconnect with Last-Event-ID). Revoking a key ends its streams (`endKey`).
 */
export class EventStreams {
  private readonly byShop = new Map<string, Set<EventStream>>()
  /** Streams with news, woken together at the next flush. */
  private ready = new Set<EventStream>()
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
    for (const stream of this.byShop.get(event.shopId) ?? []) if (stream.add(event)) this.flushSoon(stream)
  }

  get size(): number {
    return this.all().length
  }

  /** Opens a stream, or 429 when its key holds `perKey` already, or its account `perAccount`. */
  open(request: StreamRequest): EventStream {
    const ofKey = this.countOf(request.keyId)
    if (ofKey >= this.perKey)
      throw new StoreError(
        429,
        `this key already has ${ofKey} open event streams, the most one key may hold (${this.perKey}); close one, or use another key (POST /_emulator/keys)`,
      )
    const ofAccount = this.all().filter((s) => s.request.accountId === request.accountId).length
    if (ofAccount >= this.perAccount)
      throw new StoreError(
        429,
        `this account already has ${ofAccount} open event streams, the most one account may hold (${this.perAccount}); close one first`,
      )
    let streams = this.byShop.get(request.shopId)
    if (!streams) this.byShop.set(request.shopId, (streams = new Set()))
    const stream = new EventStream(request, this)
    streams.add(stream)
    return stream
  }

  countOf(keyId: string): number {
    return this.all().filter((s) => s.request.keyId === keyId).length
  }

  endKey(keyId: string): void {
    for (const stream of this.all()) if (stream.request.keyId === keyId) stream.end({ reason: 'revoked' })
  }

  /**
   * Wakes `stream` with the others that have news, FLUSH_EVERY_MS after the first: with many
   * readers, one write per stream carries every event of the batch instead of one write per event.
   */
  flushSoon(stream: EventStream): void {
    this.ready.add(stream)
    if (this.flushing) return
    this.flushing = true
    void this.sleep(FLUSH_EVERY_MS).then(() => this.flush())
  }

  forget(stream: EventStream): void {
    this.ready.delete(stream)
    const streams = this.byShop.get(stream.request.shopId)
    streams?.delete(stream)
    if (streams?.size === 0) this.byShop.delete(stream.request.shopId)
  }

  private all(): EventStream[] {
    return [...this.byShop.values()].flatMap((streams) => [...streams])
  }

  private async flush(): Promise<void> {
    const ready = this.ready
    this.ready = new Set()
    let woken = 0
    for (const stream of ready) {
      if (++woken % STREAMS_PER_TURN === 0) await nextTurn()
      if (stream.closed) continue
      const behind = stream.behind()
      if (behind > this.bufferBytes) stream.end({ reason: 'overflow', bytes: behind })
      else stream.request.wake()
    }
    this.flushing = false
    const next = this.ready.values().next()
    if (!next.done) this.flushSoon(next.value)
  }
}
