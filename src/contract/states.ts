import * as z from 'zod'
import { TimestampSchema } from './common.js'

/** A saved state's name: letters, digits, `.`, `_` and `-`, starting with a letter or digit. */
export const StateNameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
    'must be 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit',
  )

export const SaveStateBodySchema = z.strictObject({ name: StateNameSchema })

/**
 * Body of `POST /_emulator/state/restore`: a saved state by `name`, or a seed file's content
 * (`GET /_emulator/state/export`) as `seed`, which replaces the shop's records.
 */
export const RestoreStateBodySchema = z.union([
  z.strictObject({ name: StateNameSchema }),
  z.strictObject({ seed: z.record(z.string(), z.unknown()) }),
])

export const SavedStateSchema = z.object({ name: z.string(), savedAt: TimestampSchema, bytes: z.number().int() })
export const SavedStateListSchema = z.object({ states: z.array(SavedStateSchema) })

/** Answer of save, restore, reset and import: what the account holds now. */
export const StateChangeSchema = z.object({
  name: z.string().optional(),
  records: z.number().int(),
  savedAt: TimestampSchema.optional(),
  bytes: z.number().int().optional(),
})
export interface StateChange extends z.infer<typeof StateChangeSchema> {}

/** `GET /_emulator/state/export`: a shop's records as a seed file (`store serve --seed FILE`). */
export const SeedExportSchema = z.record(z.string(), z.array(z.record(z.string(), z.unknown())))
