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
 * internal ones (its shop, key hashes, …); a field the row lacks is undefined, so JSON leaves it out.
 * Made once per schema as one object literal: a list page presents every row it holds, and rows
 * copied key by key kept lists from half the floor's speed (bench/RESULTS.md).
 */
export function presenterOf<S extends z.ZodObject>(schema: S): (row: ListedFields<S>) => ListedFields<S> {
  const keys = Object.keys(schema.shape)
  for (const key of keys)
    if (!/^[A-Za-z_$][\w$]*$/.test(key)) throw new Error(`presenterOf: "${key}" is not a plain name`)
  return new Function('row', `return { ${keys.map((k) => `${k}: row.${k}`).join(', ')} }`) as (
    row: ListedFields<S>,
  ) => ListedFields<S>
}
