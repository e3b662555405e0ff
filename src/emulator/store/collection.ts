import { SortedIndex, compareKeys, type SortKey } from './sorted-index.js'

export interface Row {
  id: string
  [field: string]: unknown
}

export interface CollectionOptions<T extends Row> {
  /** The key a record is stored under; the id unless ids repeat across shops (themes). */
  keyOf?: (row: T) => string
  /** Unique secondary keys: name -> key of a row (undefined: not indexed). */
  unique?: Record<string, (row: T) => string | undefined>
  /**
   * Ordered per-scope lists: name -> scope of a row (undefined: left out of that list), or the
   * scope and a position of the list's own instead of `sortKey`.
   */
  ordered?: Record<string, ScopeOf<T> | { scope: ScopeOf<T>; sortKey: (row: T) => SortKey }>
  /** Position of a row in its ordered lists; creation time by default. */
  sortKey?: (row: T) => SortKey
}

type ScopeOf<T> = (row: T) => string | undefined

const byCreation = (row: Row): SortKey => ({
  time: Date.parse((row as { createdAt?: string }).createdAt ?? '') || 0,
  id: row.id,
})

interface OrderedIndex<T> {
  scopeOf: ScopeOf<T>
  positionOf: (row: T) => SortKey
  scopes: Map<string, SortedIndex>
}

/** One collection of records in memory, with the indexes that keep every lookup off a scan. */
export class Collection<T extends Row> {
  private readonly rows = new Map<string, T>()
  private readonly uniques = new Map<string, { of: (row: T) => string | undefined; keys: Map<string, string> }>()
  private readonly ordered = new Map<string, OrderedIndex<T>>()
  private readonly keyFn: (row: T) => string
  private readonly sortKey: (row: T) => SortKey
  /** Its rows belong to a shop each, listed by the `shop` index. */
  readonly hasShopIndex: boolean

  constructor(
    readonly name: string,
    options: CollectionOptions<T> = {},
  ) {
    this.keyFn = options.keyOf ?? ((row) => row.id)
    this.hasShopIndex = options.ordered?.shop !== undefined
    this.sortKey = options.sortKey ?? byCreation
    for (const [index, of] of Object.entries(options.unique ?? {})) this.uniques.set(index, { of, keys: new Map() })
    for (const [index, spec] of Object.entries(options.ordered ?? {})) {
      const { scope, sortKey } = typeof spec === 'function' ? { scope: spec, sortKey: this.sortKey } : spec
      const positionOf = (row: T) => ({ time: sortKey(row).time, id: this.keyOf(row) })
      this.ordered.set(index, { scopeOf: scope, positionOf, scopes: new Map() })
    }
  }

  /** The key a row is stored under. */
  keyOf(row: T): string {
    return this.keyFn(row)
  }

  get size(): number {
    return this.rows.size
  }

  get(key: string): T | undefined {
    return this.rows.get(key)
  }

  /** By a unique index. */
  getBy(index: string, value: string): T | undefined {
    const key = this.uniques.get(index)?.keys.get(value)
    return key === undefined ? undefined : this.rows.get(key)
  }

  values(): IterableIterator<T> {
    return this.rows.values()
  }

  /** [key, row] pairs, in the order the rows were first stored. */
  entries(): IterableIterator<[string, T]> {
    return this.rows.entries()
  }

  /** Rows of one scope of an ordered list, newest first, after the given position. */
  newestFirst(index: string, scope: string, after?: SortKey): Generator<T> {
    return this.rowsOf(this.list(index, scope)?.descending(after))
  }

  /** Rows of one scope of an ordered list, oldest first, from the given position on (inclusive). */
  oldestFirst(index: string, scope: string, from?: SortKey): Generator<T> {
    return this.rowsOf(this.list(index, scope)?.ascending(from))
  }

  /** The oldest row of one scope of an ordered list, without walking it (undefined when it is empty). */
  oldest(index: string, scope: string): T | undefined {
    return this.rows.get(this.list(index, scope)?.first() as string)
  }

  /** The newest row of one scope of an ordered list (undefined when it is empty). */
  newest(index: string, scope: string): T | undefined {
    return this.rows.get(this.list(index, scope)?.last() as string)
  }

  count(index: string, scope: string): number {
    return this.list(index, scope)?.size ?? 0
  }

  private list(index: string, scope: string): SortedIndex | undefined {
    return this.ordered.get(index)?.scopes.get(scope)
  }

  private *rowsOf(keys: Iterable<string> = []): Generator<T> {
    for (const key of keys) {
      const row = this.rows.get(key)
      if (row) yield row
    }
  }

  positionOf(row: T): SortKey {
    return { time: this.sortKey(row).time, id: this.keyOf(row) }
  }

  /** Stores a row (insert or replace) and returns what it replaced. */
  set(row: T): T | undefined {
    const key = this.keyOf(row)
    const previous = this.rows.get(key)
    this.rows.set(key, row)
    this.reindex(key, previous, row)
    return previous
  }

  delete(key: string): T | undefined {
    const previous = this.rows.get(key)
    if (!previous) return undefined
    this.rows.delete(key)
    this.reindex(key, previous, undefined)
    return previous
  }

  /** Moves a row's index entries from `before` to `after` (either may be absent), leaving alone those that did not move. */
  private reindex(key: string, before: T | undefined, after: T | undefined): void {
    for (const { of, keys } of this.uniques.values()) {
      const old = before && of(before)
      const next = after && of(after)
      if (old === next) continue
      if (old !== undefined && keys.get(old) === key) keys.delete(old)
      if (next !== undefined) keys.set(next, key)
    }
    for (const { scopeOf, positionOf, scopes } of this.ordered.values()) {
      const oldScope = before && scopeOf(before)
      const newScope = after && scopeOf(after)
      const oldAt = oldScope === undefined ? undefined : positionOf(before!)
      const newAt = newScope === undefined ? undefined : positionOf(after!)
      if (oldScope === newScope && (!oldAt || compareKeys(oldAt, newAt!) === 0)) continue
      if (oldAt) scopes.get(oldScope!)?.remove(oldAt)
      if (!newAt) continue
      const list = scopes.get(newScope!) ?? scopes.set(newScope!, new SortedIndex()).get(newScope!)!
      list.insert(newAt)
    }
  }
}
