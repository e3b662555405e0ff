import { StoreError } from '../../contract/errors.js'
import { BodyRing, type RingSpan } from './body-ring.js'
import {
  REQUEST_LOG_BODY_LIMIT,
  REQUEST_LOG_CAPACITY,
  matchesRequestFilter,
  type RecordedRequest,
  type RequestLogEntry,
  type RequestLogQuery,
} from '../../contract/requests.js'

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff

export type RequestFilter = Pick<RequestLogQuery, 'status' | 'method' | 'path'>
type Listener = (entry: RequestLogEntry) => void

/** Memory the whole request log may take, all accounts together, by default (docs/emulator.md, "Limits"). */
export const REQUEST_LOG_MAX_BYTES = 64 * 1024 * 1024
/**
 * Characters kept of a body: the limit shown, and a margin, so that masking a key cut by the limit
 * never shows half of it.
 */
export const KEPT_BODY_CHARS = REQUEST_LOG_BODY_LIMIT + 256

/** A body as kept for its entry: its first {@link KEPT_BODY_CHARS} characters and its whole length. */
export interface KeptBody {
  text: string
  size: number
}
/** The bodies of a request as sent and as answered. */
export interface Bodies<T> {
  request?: T
  answer?: T
}
/** Makes a request's entry, when it is first read, from its bodies as kept and what was `taken` with them. */
export type MakeEntry<T> = (bodies: Bodies<KeptBody>, taken: T) => RecordedRequest

/** A body held until its entry is made: a short one as it is, the start of a long one in the ring. */
type Held = string | { span: RingSpan; size: number }

/** One account's last requests, oldest first. */
interface AccountLog {
  entries: Kept[]
  /** Sequence of the newest entry (0 before the first). */
  newest: number
  listeners: Set<Listener>
}

/**
 * A request in the log: as taken when it was answered until its entry is made, when first read.
 * One object per request, its parts let go once made: every object a request keeps is copied by
 * each garbage collection it lives through.
 */
class Kept {
  entry?: RequestLogEntry
  constructor(
    readonly sequence: number,
    /** Memory it takes, about. */
    readonly size: number,
    /** Its place in the whole log, all accounts together: the lowest goes first past the byte limit. */
    readonly place: number,
    public make: MakeEntry<unknown> | undefined,
    public taken: unknown,
    public request: Held | undefined,
    public answer: Held | undefined,
  ) {}
}

/** A request whose body start is in the ring: it goes once the ring writes over that start. */
interface InRing {
  log: AccountLog
  sequence: number
  at: number
}

/**
 * The request inspector's memory (docs/emulator.md, "Request inspector"): per account, its last `capacity`
 * requests, and all accounts together at most `maxBytes`, the oldest request of the whole log going
 * first. Held by one app in memory only; a restart starts it empty, and an account's log goes with
 * the account. One made with `isRecording` false (`store serve --no-request-log`) is given
 * nothing, and each read of it says so.
 */
export class RequestRecorder {
  private readonly logs = new Map<string, AccountLog>()
  /** Memory the log takes, about; and the place of the newest entry in the whole log. */
  private bytes = 0
  private place = 0
  private readonly ring: BodyRing
  /** Requests with a body start in the ring, oldest first. */
  private inRing: InRing[] = []

  constructor(
    private readonly capacity = REQUEST_LOG_CAPACITY,
    readonly isRecording = true,
    private readonly maxBytes = REQUEST_LOG_MAX_BYTES,
    /**
     * The ring that holds the starts of long bodies, outside the heap: as large as the log's memory,
     * where a start counts twice its characters, so the byte limit drops requests before the ring does.
     */
    ringBytes = Math.max(maxBytes, 4 * 3 * KEPT_BODY_CHARS),
  ) {
    this.ring = new BodyRing(ringBytes)
  }

  private logOf(accountId: string): AccountLog {
    let log = this.logs.get(accountId)
    if (!log) this.logs.set(accountId, (log = { entries: [], newest: 0, listeners: new Set() }))
    return log
  }

  /** The log of an account to read, or undefined before its first request; 404 when nothing is recorded. */
  private readable(accountId: string): AccountLog | undefined {
    if (!this.isRecording)
      throw new StoreError(
        404,
        'the request log is off: this emulator records no requests (store serve --no-request-log, or options.recordRequests: false). Start it without that flag or option to inspect requests.',
      )
    return this.logs.get(accountId)
  }

  /**
   * Records a request whose entry `make` makes when it is first read (at once for a live tail),
   * from the start of its `bodies`.
   */
  record<T>(accountId: string, make: MakeEntry<T>, bodies: Bodies<string> = {}, taken?: T): void {
    const log = this.logOf(accountId)
    const sequence = ++log.newest
    const request = this.hold(bodies.request)
    const answer = this.hold(bodies.answer)
    const bytes =
      2 *
        (Math.min(bodies.request?.length ?? 0, KEPT_BODY_CHARS) +
          Math.min(bodies.answer?.length ?? 0, KEPT_BODY_CHARS)) +
      2048
    log.entries.push(new Kept(sequence, bytes, ++this.place, make as MakeEntry<unknown>, taken, request, answer))
    this.bytes += bytes
    if (typeof request === 'object') this.inRing.push({ log, sequence, at: request.span.at })
    if (typeof answer === 'object') this.inRing.push({ log, sequence, at: answer.span.at })
    if (log.entries.length > this.capacity) this.dropOldestOf(log)
    this.dropWrittenOver()
    while (this.bytes > this.maxBytes) {
      let oldest: AccountLog | undefined
      for (const other of this.logs.values())
        if (other.entries.length && (!oldest || other.entries[0].place < oldest.entries[0].place)) oldest = other
      if (!oldest) break
      this.dropOldestOf(oldest)
    }
    if (log.listeners.size === 0) return
    const entry = this.entryAt(log, log.entries.length - 1)
    for (const listener of log.listeners) listener(entry)
  }

  /** The entry at `index` of the log, made now if it was not yet. */
  private entryAt(log: AccountLog, index: number): RequestLogEntry {
    const kept = log.entries[index]
    if (kept.entry) return kept.entry
    const bodies = { request: this.keptOf(kept.request), answer: this.keptOf(kept.answer) }
    const { sequence } = kept
    kept.entry = { id: `req_${sequence}`, sequence, ...kept.make!(bodies, kept.taken) }
    kept.make = kept.taken = kept.request = kept.answer = undefined
    return kept.entry
  }

  private hold(text: string | undefined): Held | undefined {
    if (!text) return undefined
    if (text.length <= KEPT_BODY_CHARS) return text
    // A surrogate pair cut in two would not come back the same from the ring's UTF-8.
    const end = isHighSurrogate(text.charCodeAt(KEPT_BODY_CHARS - 1)) ? KEPT_BODY_CHARS - 1 : KEPT_BODY_CHARS
    return { span: this.ring.keep(text.slice(0, end)), size: text.length }
  }

  private keptOf(held: Held | undefined): KeptBody | undefined {
    if (held === undefined) return undefined
    return typeof held === 'string'
      ? { text: held, size: held.length }
      : { text: this.ring.read(held.span), size: held.size }
  }

  /** Drops each request whose body start the ring wrote over, with the older ones of its account. */
  private dropWrittenOver(): void {
    const oldest = this.ring.oldestKept
    while (this.inRing.length && this.inRing[0].at < oldest) {
      const { log, sequence } = this.inRing.shift()!
      while (log.entries.length && log.entries[0].sequence <= sequence) this.dropOldestOf(log)
    }
  }

  /** Forgets an account's log (the account was deleted). */
  forget(accountId: string): void {
    const log = this.logs.get(accountId)
    if (!log) return
    this.logs.delete(accountId)
    while (log.entries.length) this.dropOldestOf(log)
    log.listeners.clear()
  }

  /** Memory the log takes now, about. */
  get size(): number {
    return this.bytes
  }

  private dropOldestOf(log: AccountLog): void {
    this.bytes -= log.entries.shift()?.size ?? 0
  }

  /** Newest first, at most `limit`, only entries after `after`. */
  list(accountId: string, filter: RequestFilter, limit: number, after = 0): RequestLogEntry[] {
    const log = this.readable(accountId)
    const out: RequestLogEntry[] = []
    for (let i = (log?.entries.length ?? 0) - 1; i >= 0 && out.length < limit; i--) {
      const entry = this.entryAt(log!, i)
      if (entry.sequence <= after) break
      if (matchesRequestFilter(entry, filter)) out.push(entry)
    }
    return out
  }

  /** Entries after `after` that pass the filter, oldest first (the stream's replay). */
  since(accountId: string, filter: RequestFilter, after: number): RequestLogEntry[] {
    const log = this.readable(accountId)
    const out: RequestLogEntry[] = []
    log?.entries.forEach((held, i) => {
      if (held.sequence <= after) return
      const entry = this.entryAt(log, i)
      if (matchesRequestFilter(entry, filter)) out.push(entry)
    })
    return out
  }

  /** An entry by its id (`req_12`) or sequence (`12`); 404 when unknown or no longer kept. */
  find(accountId: string, id: string): RequestLogEntry {
    const sequence = Number(/^(?:req_)?(\d{1,15})$/.exec(id)?.[1])
    const log = this.readable(accountId)
    const index = log?.entries.findIndex((e) => e.sequence === sequence) ?? -1
    const entry = index < 0 ? undefined : this.entryAt(log!, index)
    if (!entry)
      throw new StoreError(
        404,
        `request not found: ${id} (the log keeps the last ${this.capacity} requests of each account)`,
      )
    return entry
  }

  /** Sequence of the account's newest request (0 before the first). */
  newest(accountId: string): number {
    return this.readable(accountId)?.newest ?? 0
  }

  /** Calls `listener` with each new entry of the account until the returned function is called. */
  subscribe(accountId: string, listener: Listener): () => void {
    this.readable(accountId)
    const log = this.logOf(accountId)
    log.listeners.add(listener)
    return () => log.listeners.delete(listener)
  }
}
