import { StoreError } from '../../spec/errors.js'
import {
  REQUEST_LOG_CAPACITY,
  matchesRequestFilter,
  type RecordedRequest,
  type RequestLogEntry,
  type RequestLogQuery,
} from '../../spec/requests.js'

export type RequestFilter = Pick<RequestLogQuery, 'status' | 'method' | 'path'>
type Listener = (entry: RequestLogEntry) => void

/** Memory the whole request log may take, all accounts together, by default (README, "Limits"). */
export const REQUEST_LOG_MAX_BYTES = 64 * 1024 * 1024

/** One account's last requests, oldest first, with each one's size and place in the whole log. */
interface AccountLog {
  entries: (RequestLogEntry | Deferred)[]
  sizes: number[]
  places: number[]
  /** Sequence of the newest entry (0 before the first). */
  newest: number
  listeners: Set<Listener>
}

/** A request as taken when it was answered; its entry is made when first read. */
class Deferred {
  constructor(
    readonly sequence: number,
    readonly make: () => RecordedRequest,
  ) {}
}

/**
 * The request inspector's memory (README, "Request inspector"): per account, its last `capacity`
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

  constructor(
    private readonly capacity = REQUEST_LOG_CAPACITY,
    readonly isRecording = true,
    private readonly maxBytes = REQUEST_LOG_MAX_BYTES,
  ) {}

  private logOf(accountId: string): AccountLog {
    let log = this.logs.get(accountId)
    if (!log) this.logs.set(accountId, (log = { entries: [], sizes: [], places: [], newest: 0, listeners: new Set() }))
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
   * Records a request whose entry `make` makes when it is first read (at once for a live tail);
   * `bodyChars`: the characters of the bodies it keeps, for the memory it takes.
   */
  record(accountId: string, make: () => RecordedRequest, bodyChars = 0): void {
    const log = this.logOf(accountId)
    const sequence = ++log.newest
    const bytes = 2 * bodyChars + 2048
    log.entries.push(new Deferred(sequence, make))
    log.sizes.push(bytes)
    log.places.push(++this.place)
    this.bytes += bytes
    if (log.entries.length > this.capacity) this.dropOldestOf(log)
    while (this.bytes > this.maxBytes) {
      let oldest: AccountLog | undefined
      for (const other of this.logs.values())
        if (other.places.length && (!oldest || other.places[0] < oldest.places[0])) oldest = other
      if (!oldest) break
      this.dropOldestOf(oldest)
    }
    if (log.listeners.size === 0) return
    const entry = this.entryAt(log, log.entries.length - 1)
    for (const listener of log.listeners) listener(entry)
  }

  /** The entry at `index` of the log, made now if it was not yet. */
  private entryAt(log: AccountLog, index: number): RequestLogEntry {
    const held = log.entries[index]
    if (!(held instanceof Deferred)) return held
    const entry: RequestLogEntry = { id: `req_${held.sequence}`, sequence: held.sequence, ...held.make() }
    log.entries[index] = entry
    return entry
  }

  /** Forgets an account's log (the account was deleted). */
  forget(accountId: string): void {
    const log = this.logs.get(accountId)
    if (!log) return
    this.logs.delete(accountId)
    for (const bytes of log.sizes) this.bytes -= bytes
    log.listeners.clear()
  }

  /** Memory the log takes now, about. */
  get size(): number {
    return this.bytes
  }

  private dropOldestOf(log: AccountLog): void {
    log.entries.shift()
    log.places.shift()
    this.bytes -= log.sizes.shift() ?? 0
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
