/** Position of a record in an ordered index: time first, then id to break ties. */
export interface SortKey {
  time: number
  id: string
}

export function compareKeys(a: SortKey, b: SortKey): number {
  return a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/** Out-of-order keys put in place one by one up to this many; more are sorted in with the rest at once. */
const PLACED_ONE_BY_ONE = 16

/**
 * Record ids in ascending key order. A key that comes after the last (a new row, a db file loaded)
 * is appended; one that does not waits aside until the next read, which puts a few in place with a
 * binary search and a splice each, and sorts many in at once: a seed of n rows in no order of its
 * `createdAt` loads in O(n log n), where a splice each made it O(n²). Removing the first entry (a
 * log trimmed, the earliest due renewal done) moves a start offset instead of every entry.
 */
export class SortedIndex {
  private keys: SortKey[] = []
  /** Entries before this one were removed from the front. */
  private head = 0
  /** Inserted out of order, not yet in `keys`. */
  private pending: SortKey[] = []

  get size(): number {
    return this.keys.length - this.head + this.pending.length
  }

  insert(key: SortKey): void {
    const last = this.keys.at(-1)
    if (this.keys.length === this.head || compareKeys(last!, key) < 0) this.keys.push(key)
    else this.pending.push(key)
  }

  remove(key: SortKey): void {
    const keys = this.sorted()
    const at = lowerBound(keys, key, this.head)
    if (at >= keys.length || compareKeys(keys[at], key) !== 0) return
    if (at !== this.head) keys.splice(at, 1)
    else if (++this.head * 2 > keys.length) {
      this.keys = keys.slice(this.head)
      this.head = 0
    }
  }

  /** The id of the first entry (undefined when empty). */
  first(): string | undefined {
    return this.sorted()[this.head]?.id
  }

  /** The id of the last entry (undefined when empty). */
  last(): string | undefined {
    return this.sorted().at(-1)?.id
  }

  /** Ids newest first, starting strictly after `after` (a key of the previous page) when given. */
  *descending(after?: SortKey): Generator<string> {
    const keys = this.sorted()
    for (let at = (after ? lowerBound(keys, after, this.head) : keys.length) - 1; at >= this.head; at--)
      yield keys[at].id
  }

  /** Ids oldest first, starting at `from` (inclusive) when given. */
  *ascending(from?: SortKey): Generator<string> {
    const keys = this.sorted()
    for (let at = from ? lowerBound(keys, from, this.head) : this.head; at < keys.length; at++) yield keys[at].id
  }

  /** The keys with those inserted out of order in their places. */
  private sorted(): SortKey[] {
    if (this.pending.length === 0) return this.keys
    if (this.pending.length <= PLACED_ONE_BY_ONE)
      for (const key of this.pending) this.keys.splice(lowerBound(this.keys, key, this.head), 0, key)
    else {
      this.keys = this.keys.slice(this.head).concat(this.pending).sort(compareKeys)
      this.head = 0
    }
    this.pending = []
    return this.keys
  }
}

/** The first place from `from` on whose key is not below `key`. */
function lowerBound(keys: SortKey[], key: SortKey, from: number): number {
  let lo = from
  let hi = keys.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (compareKeys(keys[mid], key) < 0) lo = mid + 1
    else hi = mid
  }
  return lo
}
