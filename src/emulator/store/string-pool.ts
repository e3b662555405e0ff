/**
 * Shares one copy of the string values that repeat across the rows of a collection as it is
 * loaded (shop ids, types, statuses, currencies, customers' e-mails): JSON.parse gives every row
 * its own copies, which at 100,000 products and orders is about 30 MB of duplicates. Only a row's
 * own fields are looked at, and a field stops being tracked once it has shown more than `limit`
 * distinct values (ids, names, timestamps), so the pools stay small and the pass cheap.
 */
export class StringPool {
  private readonly pools = new Map<string, Map<string, string> | null>()

  constructor(private readonly limit = 256) {}

  /** Replaces, in place, the row's string fields by the shared copy of an equal earlier value. */
  share(row: Record<string, unknown>): void {
    for (const key in row) {
      const value = row[key]
      if (typeof value !== 'string') continue
      let pool = this.pools.get(key)
      if (pool === null) continue
      if (pool === undefined) this.pools.set(key, (pool = new Map()))
      const shared = pool.get(value)
      if (shared !== undefined) row[key] = shared
      else if (pool.size < this.limit) pool.set(value, value)
      else this.pools.set(key, null)
    }
  }
}
