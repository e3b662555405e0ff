import { notFound } from '../../../contract/errors.js'
import type { ShopRecord } from '../../../contract/rows.js'

/** The first `limit` rows of an index walk (newest first, …), without walking further. */
export function take<T>(rows: Iterable<T>, limit: number): T[] {
  const out: T[] = []
  if (limit <= 0) return out
  for (const row of rows) {
    out.push(row)
    if (out.length === limit) break
  }
  return out
}

/** Lists of the shop ordered by sortOrder (lower first), then creation (older first). */
export function bySortOrder<T extends { sortOrder: number; createdAt: string; id: string }>(rows: Iterable<T>): T[] {
  return [...rows].sort(
    (a, b) =>
      a.sortOrder - b.sortOrder ||
      (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

/** The row `id` of the shop (another shop's row is as good as none), else what `orElse` finds; 404 otherwise. */
export function rowOfShop<T extends { shopId: string }>(
  collection: { get(id: string): T | undefined },
  shop: ShopRecord,
  id: string,
  what: string,
  orElse?: () => T | undefined,
): T {
  const byId = collection.get(id)
  const row = byId?.shopId === shop.id ? byId : orElse?.()
  if (!row) throw notFound(what, id)
  return row
}

/** The fields an update body sent: a field left out keeps what is stored. */
export function given(body: object) {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
}
