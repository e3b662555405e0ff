import { StoreError } from '../../../spec/errors.js'
import type { EmulatorOptions, Sleep } from '../../deps.js'
import type { EventRecord } from '../../store/records.js'
import type { PendingEvent } from './bus.js'

/** Open event streams (SSE) one key may hold at once; one more is answered 429. */
const DEFAULT_STREAMS_PER_KEY = 100
/** Events a stream may hold unsent, in bytes of their text; a reader that falls further behind is dropped. */
const DEFAULT_STREAM_BUFFER_BYTES = 8 * 1024 * 1024
/** Events reach streams in batches at most this often: one write carries all of a batch. */
const FLUSH_EVERY_MS = 100

export interface StreamSettings {
  perKey: number
  bufferBytes: number
}

export function streamSettings(options: EmulatorOptions): StreamSettings {
  return {
    perKey: options.webhooks?.streamsPerKey ?? DEFAULT_STREAMS_PER_KEY,
    bufferBytes: options.webhooks?.streamBufferBytes ?? DEFAULT_STREAM_BUFFER_BYTES,
  }
}

/** Why a stream was ended from the emulator's side. */
export type StreamEnd = { reason: 'overflow'; bytes: number } | { reason: 'revoked' }

export interface StreamRequest {
  keyId: string
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

interface Queued {
  seq: number
  text: Uint8Array
}

/**
 * The text of a run of events, joined once for every stream that takes the same run: after a
 * batch, each unfiltered stream of a shop holds the same events. Emptied at every batch.
 */
class JoinedRuns {
  private joined = new Map<string, Uint8Array>()

  join(run: Queued[], isShared: boolean): Uint8Array {
    if (run.length === 1) return run[0]!.text
    if (!isShared) return Buffer.concat(run.map((q) => q.text))
    // Sequence numbers are unique across shops: an unfiltered run is named by its ends and length.
    const name = `${run[0]!.seq}:${run.at(-1)!.seq}:${run.length}`
    let text = this.joined.get(name)
    if (text === undefined) {
      text = Buffer.concat(run.map((q) => q.text))
      this.joined.set(name, text)
    }
    return text
  }

  clear(): void {
    if (this.joined.size > 0) this.joined = new Map()
  }
}

/** One open stream: committed events of its shop wait in `take()` until its reader sends them. */
export class EventStream {
  private queued: Queued[] = []
  private bytes = 0
  private isClosed = false

  constructor(
    readonly request: StreamRequest,
    private readonly limit: number,
    private readonly runs: JoinedRuns,
    private readonly hasNews: (stream: EventStream) => void,
    private readonly release: (stream: EventStream) => void,
  ) {}

  get closed(): boolean {
    return this.isClosed
  }

  /** The queued events after sequence number `after`, as one text, and the last one's number; the queue emptied. */
  take(after: number): { text?: Uint8Array; last: number } {
    const queued = this.queued
    this.queued = []
    this.bytes = 0
    const run = queued.length > 0 && queued[0]!.seq <= after ? queued.filter((q) => q.seq > after) : queued
    if (run.length === 0) return { last: after }
    return { text: this.runs.join(run, !this.request.kinds), last: run.at(-1)!.seq }
  }

  /** Queues `event`, made into its text with this stream's `format`. */
  push(event: EventRecord, queued: Queued): void {
    if (this.isClosed || (this.request.kinds && !this.request.kinds.has(event.kind))) return
    this.queued.push(queued)
    this.bytes += queued.text.byteLength
    const behind = this.bytes + (this.request.held?.() ?? 0)
    if (behind > this.limit) return this.end({ reason: 'overflow', bytes: behind })
    if (this.queued.length === 1) this.hasNews(this)
  }

  /** Ends the stream from the emulator's side. */
  end(end: StreamEnd): void {
    if (this.isClosed) return
    this.close()
    this.request.ended(end)
  }

  /** The reader went away (or was told why it ends): no more events. */
  close(): void {
    if (this.isClosed) return
    this.isClosed = true
    this.queued = []
    this.bytes = 0
    this.release(this)
  }
}

/**
 * The event streams (GET /_emulator/events) of the emulator: at most `perKey` open per key, fed
 * by the bus and found by shop, so a committed event costs its shop's streams only;
 * each holds at most `bufferBytes` unsent, past which its reader is dropped (it may reconnect
 * with Last-Event-ID). Revoking a key ends its streams (`endKey`).
 */
export class EventStreams {
  private readonly byShop = new Map<string, Set<EventStream>>()
  private readonly byKey = new Map<string, Set<EventStream>>()
  /** Streams with events to send at the next flush. */
  private waiting = new Set<EventStream>()
  private flushing = false
  private readonly runs = new JoinedRuns()

  constructor(
    readonly settings: StreamSettings,
    private readonly sleep: Sleep,
  ) {}

  /** Hands a committed event to its shop's streams (the bus calls it, in sequence order). */
  dispatch(event: PendingEvent): void {
    const streams = this.byShop.get(event.shopId)
    if (!streams) return
    // Streams share their request's `format`: the event's text is made once for all that share it.
    let made: { format: StreamRequest['format']; queued: Queued } | undefined
    for (const stream of streams) {
      const { format } = stream.request
      if (made?.format !== format) made = { format, queued: { seq: event.record.seq, text: format(event.record) } }
      stream.push(event.record, made.queued)
    }
  }

  /** How many streams are open. */
  get size(): number {
    let size = 0
    for (const streams of this.byKey.values()) size += streams.size
    return size
  }

  /** Opens a stream, or 429 when its key holds `perKey` already. */
  open(request: StreamRequest): EventStream {
    const ofKey = this.byKey.get(request.keyId)
    if (ofKey && ofKey.size >= this.settings.perKey)
      throw new StoreError(
        429,
        `this key already has ${ofKey.size} open event streams, the most one key may hold (${this.settings.perKey}); close one, or use another key (POST /_emulator/keys)`,
      )
    const stream = new EventStream(
      request,
      this.settings.bufferBytes,
      this.runs,
      (ready) => this.flushSoon(ready),
      (closed) => this.forget(closed),
    )
    addTo(this.byKey, request.keyId, stream)
    addTo(this.byShop, request.shopId, stream)
    return stream
  }

  /** Open streams of a key. */
  countOf(keyId: string): number {
    return this.byKey.get(keyId)?.size ?? 0
  }

  /** Ends every stream of a key (it was revoked). */
  endKey(keyId: string): void {
    for (const stream of [...(this.byKey.get(keyId) ?? [])]) stream.end({ reason: 'revoked' })
  }

  /**
   * Wakes streams with news together, FLUSH_EVERY_MS after the first: with many readers, one
   * write per stream carries every event of the batch instead of one write per event.
   */
  private flushSoon(stream: EventStream): void {
    this.waiting.add(stream)
    if (this.flushing) return
    this.flushing = true
    void this.sleep(FLUSH_EVERY_MS).then(() => {
      this.flushing = false
      const ready = this.waiting
      this.waiting = new Set()
      this.runs.clear()
      for (const each of ready) if (!each.closed) each.request.wake()
    })
  }

  private forget(stream: EventStream): void {
    this.waiting.delete(stream)
    removeFrom(this.byKey, stream.request.keyId, stream)
    removeFrom(this.byShop, stream.request.shopId, stream)
  }
}

function addTo(map: Map<string, Set<EventStream>>, key: string, stream: EventStream): void {
  const set = map.get(key)
  if (set) set.add(stream)
  else map.set(key, new Set([stream]))
}

function removeFrom(map: Map<string, Set<EventStream>>, key: string, stream: EventStream): void {
  const set = map.get(key)
  if (!set) return
  set.delete(stream)
  if (set.size === 0) map.delete(key)
}
