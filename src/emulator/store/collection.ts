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

/** One collection of records in memory, with the indexes that keep every lookup off a scan. */
export class Collection<T extends Row> {
  private readonly rows = new Map<string, T>()
  private readonly uniques = new Map<string, Map<string, string>>()
  private readonly ordered = new Map<string, Map<string, SortedIndex>>()
  private readonly keyFn: (row: T) => string
  private readonly sortKey: (row: T) => SortKey
  /** Its rows belong to a shop each, listed by the `shop` index. */
  readonly hasShopIndex: boolean

  /** Each index with its function and its map, resolved once (`reindex` runs for every row stored). */
  private readonly uniqueOf: { of: (row: T) => string | undefined; map: Map<string, string> }[] = []
  private readonly orderedOf: {
    scopeOf: ScopeOf<T>
    scopes: Map<string, SortedIndex>
    /** The list's own position of a row, when it is not `sortKey`. */
    positionOf?: (row: T) => SortKey
  }[] = []

  constructor(
    readonly name: string,
    options: CollectionOptions<T> = {},
  ) {
    this.keyFn = options.keyOf ?? ((row) => row.id)
    this.hasShopIndex = options.ordered?.shop !== undefined
    this.sortKey = options.sortKey ?? byCreation
    for (const [index, of] of Object.entries(options.unique ?? {})) {
      const map = new Map<string, string>()
      this.uniques.set(index, map)
      this.uniqueOf.push({ of, map })
    }
    for (const [index, spec] of Object.entries(options.ordered ?? {})) {
      const scopes = new Map<string, SortedIndex>()
      this.ordered.set(index, scopes)
      if (typeof spec === 'function') this.orderedOf.push({ scopeOf: spec, scopes })
      else
        this.orderedOf.push({
          scopeOf: spec.scope,
          scopes,
          positionOf: (row) => ({ time: spec.sortKey(row).time, id: this.keyOf(row) }),
        })
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
    const key = this.uniques.get(index)?.get(value)
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
  *newestFirst(index: string, scope: string, after?: SortKey): Generator<T> {
    const list = this.ordered.get(index)?.get(scope)
    if (!list) return
    for (const key of list.descending(after)) {
      const row = this.rows.get(key)
      if (row) yield row
    }
  }

  /** Rows of one scope of an ordered list, oldest first, from the given position on (inclusive). */
  *oldestFirst(index: string, scope: string, from?: SortKey): Generator<T> {
    const list = this.ordered.get(index)?.get(scope)
    if (!list) return
    for (const key of list.ascending(from)) {
      const row = this.rows.get(key)
      if (row) yield row
    }
  }

  /** The oldest row of one scope of an ordered list, without walking it (undefined when it is empty). */
  oldest(index: string, scope: string): T | undefined {
    const key = this.ordered.get(index)?.get(scope)?.first()
    return key === undefined ? undefined : this.rows.get(key)
  }

  /** The newest row of one scope of an ordered list (undefined when it is empty). */
  newest(index: string, scope: string): T | undefined {
    const key = this.ordered.get(index)?.get(scope)?.last()
    return key === undefined ? undefined : this.rows.get(key)
  }

  count(index: string, scope: string): number {
    return this.ordered.get(index)?.get(scope)?.size ?? 0
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

  /**
   * Moves a row's index entries from `before` to `after` (either may be absent), touching only
   * the entries whose key, scope or position changed: updating an old row leaves its place alone.
   */
  private reindex(key: string, before: T | undefined, after: T | undefined): void {
    for (let i = 0; i < this.uniqueOf.length; i++) {
      const { of, map } = this.uniqueOf[i]
      const old = before === undefined ? undefined : of(before)
      const next = after === undefined ? undefined : of(after)
      if (old === next) continue
      if (old !== undefined && map.get(old) === key) map.delete(old)
      if (next !== undefined) map.set(next, key)
    }
    // A row's position is the same in every list sorted by `sortKey`: computed once, when first needed.
    let sharedOldAt: SortKey | undefined
    let sharedNewAt: SortKey | undefined
    for (let i = 0; i < this.orderedOf.length; i++) {
      const { scopeOf, scopes, positionOf } = this.orderedOf[i]
      const oldScope = before === undefined ? undefined : scopeOf(before)
      const newScope = after === undefined ? undefined : scopeOf(after)
      let oldAt: SortKey | undefined
      let newAt: SortKey | undefined
      if (oldScope !== undefined) oldAt = positionOf ? positionOf(before!) : (sharedOldAt ??= this.positionOf(before!))
      if (newScope !== undefined) newAt = positionOf ? positionOf(after!) : (sharedNewAt ??= this.positionOf(after!))
      if (oldScope === newScope && (oldScope === undefined || compareKeys(oldAt!, newAt!) === 0)) continue
      if (oldScope !== undefined) scopes.get(oldScope)?.remove(oldAt!)
      if (newScope === undefined) continue
      let list = scopes.get(newScope)
      if (!list) scopes.set(newScope, (list = new SortedIndex()))
      list.insert(newAt!)
    }
  }
}
