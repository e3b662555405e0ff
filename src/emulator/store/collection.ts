import { SortedIndex, compareKeys, type SortKey } from './sorted-index.js'

export interface Row { id: string }

export interface CollectionOptions<T extends Row> {
  /** The key a record is stored under; the id unless ids repeat across shops (themes). */
  keyOf?: (row: T) => string
  /** Unique secondary keys: name -> key of a row (undefined: not indexed). */
  unique?: Record<string, (row: T) => string | undefined>
  /** Ordered per-scope lists: name -> scope of a row (undefined: left out of that list). */
  ordered?: Record<string, (row: T) => string | undefined>
  /** Position of a row in its ordered lists; creation time by default. */
  sortKey?: (row: T) => SortKey
}

const byCreation = (row: Row): SortKey => ({ time: Date.parse((row as { createdAt?: string }).createdAt ?? '') || 0, id: row.id })

/** One collection of records in memory, with the indexes that keep every lookup off a scan. */
export class Collection<T extends Row> {
  private readonly rows = new Map<string, T>()
  private readonly uniques = new Map<string, Map<string, string>>()
  private readonly ordered = new Map<string, Map<string, SortedIndex>>()
  readonly keyOf: (row: T) => string
  private readonly sortKey: (row: T) => SortKey

  private readonly uniqueOf: [string, (row: T) => string | undefined][]
  private readonly orderedOf: [string, (row: T) => string | undefined][]

  constructor(readonly name: string, private readonly options: CollectionOptions<T> = {}) {
    this.uniqueOf = Object.entries(options.unique ?? {})
    this.orderedOf = Object.entries(options.ordered ?? {})
    this.keyOf = options.keyOf ?? ((row) => row.id)
    this.sortKey = options.sortKey ?? byCreation
    for (const index of Object.keys(options.unique ?? {})) this.uniques.set(index, new Map())
    for (const index of Object.keys(options.ordered ?? {})) this.ordered.set(index, new Map())
  }

  get size(): number {
    return this.rows.size
  }

  get(key: string): T | undefined {
    return this.rows.get(key)
  }

  getBy(index: string, value: string): T | undefined {
    const key = this.uniques.get(index)?.get(value)
    return key === undefined ? undefined : this.rows.get(key)
  }

  values(): IterableIterator<T> {
    return this.rows.values()
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

  count(index: string, scope: string): number {
    return this.ordered.get(index)?.get(scope)?.size ?? 0
  }

  positionOf(row: T): SortKey {
    return { ...this.sortKey(row), id: this.keyOf(row) }
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
    for (const [name, of] of this.uniqueOf) {
      const old = before === undefined ? undefined : of(before)
      const next = after === undefined ? undefined : of(after)
      if (old === next) continue
      const map = this.uniques.get(name)!
      if (old !== undefined && map.get(old) === key) map.delete(old)
      if (next !== undefined) map.set(next, key)
    }
    for (const [name, scopeOf] of this.orderedOf) {
      const oldScope = before === undefined ? undefined : scopeOf(before)
      const newScope = after === undefined ? undefined : scopeOf(after)
      const oldAt = oldScope === undefined ? undefined : this.positionOf(before!)
      const newAt = newScope === undefined ? undefined : this.positionOf(after!)
      if (oldScope === newScope && (oldAt === undefined || compareKeys(oldAt, newAt!) === 0)) continue
      const scopes = this.ordered.get(name)!
      if (oldScope !== undefined) scopes.get(oldScope)?.remove(oldAt!)
      if (newScope === undefined) continue
      let list = scopes.get(newScope)
      if (!list) scopes.set(newScope, (list = new SortedIndex()))
      list.insert(newAt!)
    }
  }
}
