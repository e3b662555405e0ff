import { StoreError } from '../../contract/errors.js'
import {
  REQUEST_LOG_CAPACITY,
  matchesRequestFilter,
  type RecordedRequest,
  type RequestLogEntry,
  type RequestLogQuery,
} from '../../contract/requests.js'

export type RequestFilter = Pick<RequestLogQuery, 'status' | 'method' | 'path'>
type Listener = (entry: RequestLogEntry) => void

/** Memory the whole request log may take, all accounts together, by default (docs/emulator.md, "Limits"). */
export const REQUEST_LOG_MAX_BYTES = 64 * 1024 * 1024

/** An account's entries oldest first, each with the memory it takes and its place in the whole log. */
interface AccountLog {
  kept: { entry: RequestLogEntry; bytes: number; place: number }[]
  newest: number
  listeners: Set<Listener>
}

/**
 * The request inspector's memory (docs/emulator.md, "Request inspector"): per account its last `capacity`
 * requests, and all accounts together at most `maxBytes`, the oldest of the whole log going first.
 * In memory only. One made with `isRecording` false (`--no-request-log`) refuses every read.
 */
export class RequestRecorder {
  private readonly logs = new Map<string, AccountLog>()
  private bytes = 0
  private place = 0

  constructor(
    private readonly capacity = REQUEST_LOG_CAPACITY,
    readonly isRecording = true,
    private readonly maxBytes = REQUEST_LOG_MAX_BYTES,
  ) {}

  /** Records a request with its answer; tells the account's subscribers. */
  record(accountId: string, request: RecordedRequest): RequestLogEntry {
    const log = this.logOf(accountId)
    const sequence = ++log.newest
    const entry: RequestLogEntry = { id: `req_${sequence}`, sequence, ...request }
    // About: two bytes a character of its bodies, and its headers and fields.
    const bytes = 2 * ((request.requestBody?.text.length ?? 0) + (request.responseBody?.text.length ?? 0)) + 2048
    log.kept.push({ entry, bytes, place: ++this.place })
    this.bytes += bytes
    if (log.kept.length > this.capacity) this.dropOldestOf(log)
    while (this.bytes > this.maxBytes) {
      let oldest: AccountLog | undefined
      for (const other of this.logs.values())
        if (other.kept.length && (!oldest || other.kept[0].place < oldest.kept[0].place)) oldest = other
      this.dropOldestOf(oldest!)
    }
    for (const listener of log.listeners) listener(entry)
    return entry
  }

  /** Newest first, at most `limit`, only entries after `after`. */
  list(accountId: string, filter: RequestFilter, limit: number, after = 0): RequestLogEntry[] {
    const kept = this.readable(accountId)?.kept ?? []
    const out: RequestLogEntry[] = []
    for (let i = kept.length - 1; i >= 0 && out.length < limit && kept[i].entry.sequence > after; i--)
      if (matchesRequestFilter(kept[i].entry, filter)) out.push(kept[i].entry)
    return out
  }

  /** Entries after `after` that pass the filter, oldest first (the stream's replay). */
  since(accountId: string, filter: RequestFilter, after: number): RequestLogEntry[] {
    const kept = this.readable(accountId)?.kept ?? []
    return kept.map((k) => k.entry).filter((e) => e.sequence > after && matchesRequestFilter(e, filter))
  }

  /** An entry by its id (`req_12`) or sequence (`12`); 404 when unknown or no longer kept. */
  find(accountId: string, id: string): RequestLogEntry {
    const sequence = Number(/^(?:req_)?(\d{1,15})$/.exec(id)?.[1])
    const entry = this.readable(accountId)?.kept.find((k) => k.entry.sequence === sequence)?.entry
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

  /** Forgets an account's log (the account was deleted). */
  forget(accountId: string): void {
    for (const { bytes } of this.logs.get(accountId)?.kept ?? []) this.bytes -= bytes
    this.logs.delete(accountId)
  }

  /** Memory the log takes now, about. */
  get size() {
    return this.bytes
  }

  private logOf(accountId: string): AccountLog {
    if (!this.logs.has(accountId)) this.logs.set(accountId, { kept: [], newest: 0, listeners: new Set() })
    return this.logs.get(accountId)!
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

  private dropOldestOf(log: AccountLog): void {
    this.bytes -= log.kept.shift()?.bytes ?? 0
  }
}
