/** Position of a record in an ordered index: time first, then id to break ties. */
export interface SortKey {
  time: number
  id: string
}

export function compareKeys(a: SortKey, b: SortKey): number {
  return a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/** Removed slots at the front that are worth giving back at once. */
const COMPACT_AFTER = 1024

/**
 * Record ids kept in ascending key order. Inserts and removals are a binary search plus a splice,
 * so keeping "newest first" lists never needs a scan or a sort of the whole collection. Removing
 * the oldest entry (a log trimmed from its front, a code pool used up in order) only moves a start
 * offset, the slots it leaves being given back in one splice now and then.
 */
export class SortedIndex {
  private readonly keys: SortKey[] = []
  /** Entries before this index were removed from the front and are no longer part of the list. */
  private head = 0

  get size(): number {
    return this.keys.length - this.head
  }

  insert(key: SortKey): void {
    // Rows mostly come in the order of their keys (a db file loaded, a new row): appended at once.
    const last = this.keys.length - 1
    if (last < this.head || compareKeys(this.keys[last], key) < 0) {
      this.keys.push(key)
      return
    }
    const at = this.lowerBound(key)
    if (at === this.head && this.head > 0) this.keys[--this.head] = key
    else this.keys.splice(at, 0, key)
  }

  remove(key: SortKey): void {
    // The oldest entry (a log trimmed, the earliest due item done) is found without a search.
    const at =
      this.head < this.keys.length && compareKeys(this.keys[this.head], key) === 0 ? this.head : this.lowerBound(key)
    if (at >= this.keys.length || compareKeys(this.keys[at], key) !== 0) return
    if (at !== this.head) {
      this.keys.splice(at, 1)
      return
    }
    this.head++
    if (this.head === this.keys.length) {
      this.keys.length = 0
      this.head = 0
    } else if (this.head >= COMPACT_AFTER && this.head * 2 >= this.keys.length) {
      this.keys.splice(0, this.head)
      this.head = 0
    }
  }

  /** The id of the first entry (undefined when empty). */
  first(): string | undefined {
    return this.head < this.keys.length ? this.keys[this.head].id : undefined
  }

  /** The id of the last entry (undefined when empty). */
  last(): string | undefined {
    return this.head < this.keys.length ? this.keys[this.keys.length - 1].id : undefined
  }

  /** Ids newest first, starting strictly after `after` (a key of the previous page) when given. */
  *descending(after?: SortKey): Generator<string> {
    let at = after ? this.lowerBound(after) - 1 : this.keys.length - 1
    for (; at >= this.head; at--) yield this.keys[at].id
  }

  /** Ids oldest first, starting at `from` (inclusive) when given. */
  *ascending(from?: SortKey): Generator<string> {
    for (let at = from ? this.lowerBound(from) : this.head; at < this.keys.length; at++) yield this.keys[at].id
  }

  /** The first live slot whose key is not below `key`. */
  private lowerBound(key: SortKey): number {
    let lo = this.head
    let hi = this.keys.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (compareKeys(this.keys[mid], key) < 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}
