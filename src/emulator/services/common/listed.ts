import type { z } from 'zod'
import type { ListedFields } from '../../../contract/common.js'

/**
 * What the API shows of a stored row: the fields `schema` lists, in its order, never the row's
 * internal ones (its shop, key hashes, …). A field the row lacks stays absent.
 */
export function listed<S extends z.ZodObject>(schema: S, row: ListedFields<S>): ListedFields<S> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(schema.shape)) {
    const value = (row as Record<string, unknown>)[key]
    if (value !== undefined) out[key] = value
  }
  return out as ListedFields<S>
}
