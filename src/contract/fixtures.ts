import * as z from 'zod'

/**
 * A fixture file (`store fixtures run FILE`, and what `store webhooks trigger KIND` runs): named
 * steps, each one HTTP request to the emulator. A later step refers to an earlier answer with
 * `${name:json.path}` and to the environment with `${env:NAME}` (DESIGN.md, "Added in the third round").
 */

export const FIXTURE_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const
/** Most steps one file may hold. */
export const FIXTURE_MAX_STEPS = 200

export const FixtureRequestSchema = z.strictObject({
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .pipe(z.enum(FIXTURE_METHODS)),
  path: z
    .string()
    .max(2000, 'must be at most 2000 characters')
    .regex(/^\/(api\/v1|_emulator|storefront)(?:[/?]|$)/, 'must start with /api/v1, /_emulator or /storefront'),
  body: z.unknown().optional(),
  headers: z.record(z.string().min(1), z.string()).optional(),
})
export type FixtureRequest = z.output<typeof FixtureRequestSchema>

export const FixtureStepSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, `must be 1-64 letters, digits, _ or - (steps refer to it as \${name:path})`)
    .refine((name) => name !== 'env', `must not be "env" (\${env:NAME} reads the environment)`),
  request: FixtureRequestSchema,
})
export type FixtureStep = z.output<typeof FixtureStepSchema>

export const FixtureFileSchema = z.strictObject({
  /** What the file does, in a sentence: shown by `--dry-run`. */
  description: z.string().max(1000).optional(),
  fixtures: z
    .array(FixtureStepSchema)
    .min(1, 'must hold at least one step')
    .max(FIXTURE_MAX_STEPS, `must hold at most ${FIXTURE_MAX_STEPS} steps`),
})
export type FixtureFile = z.output<typeof FixtureFileSchema>
