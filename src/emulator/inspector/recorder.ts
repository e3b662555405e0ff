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

/** An entry as recorded: built (masked, headers read) when first read. */
interface Slot {
  sequence: number
  build?: () => RecordedRequest
  entry?: RequestLogEntry
}

function entryOf(slot: Slot): RequestLogEntry {
  if (!slot.entry) {
    slot.entry = { id: `req_${slot.sequence}`, sequence: slot.sequence, ...slot.build!() }
    slot.build = undefined
  }
  return slot.entry
}

/** One account's last requests: a ring of `capacity` entries, oldest overwritten first. */
class AccountLog {
  readonly ring: (Slot | undefined)[]
  /** Sequence of the newest entry; entry `s` sits at `(s - 1) % capacity`. */
  newest = 0
  readonly listeners = new Set<Listener>()
  constructor(readonly capacity: number) {
    this.ring = new Array(capacity)
  }

  add(build: () => RecordedRequest): Slot {
    const slot: Slot = { sequence: ++this.newest, build }
    this.ring[(slot.sequence - 1) % this.capacity] = slot
    return slot
  }

  /** Entries with a sequence above `after`, oldest first. */
  *since(after: number): Generator<RequestLogEntry> {
    const first = Math.max(after + 1, this.newest - this.capacity + 1, 1)
    for (let s = first; s <= this.newest; s++) yield entryOf(this.ring[(s - 1) % this.capacity]!)
  }

  get(sequence: number): RequestLogEntry | undefined {
    if (sequence < 1 || sequence > this.newest || sequence <= this.newest - this.capacity) return undefined
    return entryOf(this.ring[(sequence - 1) % this.capacity]!)
  }
}

/**
 * The request inspector's memory: per account, the last REQUEST_LOG_CAPACITY requests (README,
 * "Request inspector"). Held by one app in memory only; a restart starts it empty.
 */
export class RequestRecorder {
  private readonly logs = new Map<string, AccountLog>()
  constructor(private readonly capacity = REQUEST_LOG_CAPACITY) {}

  private logOf(accountId: string): AccountLog {
    let log = this.logs.get(accountId)
    if (!log) this.logs.set(accountId, (log = new AccountLog(this.capacity)))
    return log
  }

  /** Records a request; `build` makes its entry when the entry is first read (at once for a live tail). */
  record(accountId: string, build: () => RecordedRequest): void {
    const log = this.logOf(accountId)
    const slot = log.add(build)
    if (log.listeners.size === 0) return
    const entry = entryOf(slot)
    for (const listener of log.listeners) listener(entry)
  }

  /** Newest first, at most `limit`, only entries after `after`. */
  list(accountId: string, filter: RequestFilter, limit: number, after = 0): RequestLogEntry[] {
    const log = this.logs.get(accountId)
    if (!log) return []
    const out: RequestLogEntry[] = []
    const oldest = Math.max(after + 1, log.newest - log.capacity + 1, 1)
    for (let s = log.newest; s >= oldest && out.length < limit; s--) {
      const entry = log.get(s)!
      if (matchesRequestFilter(entry, filter)) out.push(entry)
    }
    return out
  }

  /** Entries after `after` that pass the filter, oldest first (the stream's replay). */
  since(accountId: string, filter: RequestFilter, after: number): RequestLogEntry[] {
    const log = this.logs.get(accountId)
    return log ? [...log.since(after)].filter((entry) => matchesRequestFilter(entry, filter)) : []
  }

  /** An entry by its id (`req_12`) or sequence (`12`); 404 when unknown or no longer kept. */
  find(accountId: string, id: string): RequestLogEntry {
    const sequence = /^(?:req_)?(\d{1,15})$/.exec(id)?.[1]
    const entry = sequence ? this.logs.get(accountId)?.get(Number(sequence)) : undefined
    if (!entry)
      throw new StoreError(
        404,
        `request not found: ${id} (the log keeps the last ${this.capacity} requests of each account)`,
      )
    return entry
  }

  /** Sequence of the account's newest request (0 before the first). */
  newest(accountId: string): number {
    return this.logs.get(accountId)?.newest ?? 0
  }

  /** Calls `listener` with each new entry of the account until the returned function is called. */
  subscribe(accountId: string, listener: Listener): () => void {
    const log = this.logOf(accountId)
    log.listeners.add(listener)
    return () => log.listeners.delete(listener)
  }
}
