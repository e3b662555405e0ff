import type { z } from 'zod'
import type { ListedFields } from '../../../contract/common.js'

/** The fields of `row` that `keys` names, in that order; a field the row lacks stays absent. */
export function pick(keys: readonly string[], row: object): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of keys) {
    const value = (row as Record<string, unknown>)[key]
    if (value !== undefined) out[key] = value
  }
  return out
}

/**
 * What the API shows of a stored row: the fields `schema` lists, in its order, never the row's
 * internal ones (its shop, key hashes, …).
 */
export function listed<S extends z.ZodObject>(schema: S, row: ListedFields<S>): ListedFields<S> {
  return pick(Object.keys(schema.shape), row) as ListedFields<S>
}
