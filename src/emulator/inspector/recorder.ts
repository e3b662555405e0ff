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

/** A request as taken when it was answered; its entry is made when first read. */
export interface RecordedSource {
  toRecorded(): RecordedRequest
}

/**
 * One account's last requests: a ring of `capacity` places, oldest overwritten first. A place holds
 * the request as taken until its entry is first read, then the entry.
 */
class AccountLog {
  private readonly sources: (RecordedSource | undefined)[]
  private readonly entries: (RequestLogEntry | undefined)[]
  /** Sequence of the newest entry; entry `s` sits at `(s - 1) % capacity`. */
  newest = 0
  readonly listeners = new Set<Listener>()
  constructor(readonly capacity: number) {
    this.sources = new Array(capacity)
    this.entries = new Array(capacity)
  }

  add(source: RecordedSource): number {
    const at = this.newest++ % this.capacity
    this.sources[at] = source
    this.entries[at] = undefined
    return this.newest
  }

  /** Entries with a sequence above `after`, oldest first. */
  *since(after: number): Generator<RequestLogEntry> {
    for (let s = Math.max(after + 1, this.oldest); s <= this.newest; s++) yield this.entryAt(s)
  }

  get(sequence: number): RequestLogEntry | undefined {
    return sequence >= this.oldest && sequence <= this.newest ? this.entryAt(sequence) : undefined
  }

  get oldest(): number {
    return Math.max(this.newest - this.capacity + 1, 1)
  }

  private entryAt(sequence: number): RequestLogEntry {
    const at = (sequence - 1) % this.capacity
    let entry = this.entries[at]
    if (!entry) {
      entry = { id: `req_${sequence}`, sequence, ...this.sources[at]!.toRecorded() }
      this.entries[at] = entry
      this.sources[at] = undefined
    }
    return entry
  }
}

/**
 * The request inspector's memory: per account, the last REQUEST_LOG_CAPACITY requests (README,
 * "Request inspector"). Held by one app in memory only; a restart starts it empty. One made with
 * `isRecording` false (`store serve --no-request-log`) is given nothing, and each read of it says so.
 */
export class RequestRecorder {
  private readonly logs = new Map<string, AccountLog>()
  constructor(
    private readonly capacity = REQUEST_LOG_CAPACITY,
    readonly isRecording = true,
  ) {}

  private logOf(accountId: string): AccountLog {
    let log = this.logs.get(accountId)
    if (!log) this.logs.set(accountId, (log = new AccountLog(this.capacity)))
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

  /** Records a request; its entry is made when first read (at once for a live tail). */
  record(accountId: string, source: RecordedSource): void {
    const log = this.logOf(accountId)
    const sequence = log.add(source)
    if (log.listeners.size === 0) return
    const entry = log.get(sequence)!
    for (const listener of log.listeners) listener(entry)
  }

  /** Newest first, at most `limit`, only entries after `after`. */
  list(accountId: string, filter: RequestFilter, limit: number, after = 0): RequestLogEntry[] {
    const log = this.readable(accountId)
    if (!log) return []
    const out: RequestLogEntry[] = []
    const oldest = Math.max(after + 1, log.oldest)
    for (let s = log.newest; s >= oldest && out.length < limit; s--) {
      const entry = log.get(s)!
      if (matchesRequestFilter(entry, filter)) out.push(entry)
    }
    return out
  }

  /** Entries after `after` that pass the filter, oldest first (the stream's replay). */
  since(accountId: string, filter: RequestFilter, after: number): RequestLogEntry[] {
    const log = this.readable(accountId)
    return log ? [...log.since(after)].filter((entry) => matchesRequestFilter(entry, filter)) : []
  }

  /** An entry by its id (`req_12`) or sequence (`12`); 404 when unknown or no longer kept. */
  find(accountId: string, id: string): RequestLogEntry {
    const sequence = /^(?:req_)?(\d{1,15})$/.exec(id)?.[1]
    const log = this.readable(accountId)
    const entry = sequence ? log?.get(Number(sequence)) : undefined
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
