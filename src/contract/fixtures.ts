import * as z from 'zod'

/**
 * A fixture file (`store fixtures run FILE`, and what `store webhooks trigger KIND` runs): named
 * steps, each one HTTP request to the emulator. A later step refers to an earlier answer with
 * `${name:json.path}` and to the environment with `${env:NAME}` (DESIGN.md, "Added in the third round");
 * a step may say what it expects back (DESIGN.md, "Added in the fourth round").
 */

export const FIXTURE_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const
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

/** Names a step may not take: `${env:NAME}` reads the environment, `${any:KIND}` matches any value of a kind. */
export const RESERVED_STEP_NAMES = ['env', 'any'] as const

const StatusCodeSchema = z.number().int().min(100).max(599)

/**
 * What a step expects back; the run stops at the first step whose answer differs. `status`: one
 * code or a list of them (without it, any 2xx). `body`: a partial JSON match: the fields it names
 * at every depth, items of a list by position (the answer may hold more), equal values; a string
 * `${any}` matches any value, `${any:KIND}` any value of a kind (string, number, boolean, null,
 * array, object, timestamp), `${name:json.path}` an earlier answer's value.
 */
export const FixtureExpectSchema = z.strictObject({
  status: z.union([StatusCodeSchema, z.array(StatusCodeSchema).min(1).max(20)]).optional(),
  body: z.unknown().optional(),
})
export type FixtureExpect = z.output<typeof FixtureExpectSchema>

export const FixtureStepSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, `must be 1-64 letters, digits, _ or - (steps refer to it as \${name:path})`)
    .refine(
      (name) => !(RESERVED_STEP_NAMES as readonly string[]).includes(name),
      `must not be "env" or "any" (\${env:NAME} reads the environment, \${any:KIND} matches any value)`,
    ),
  request: FixtureRequestSchema,
  expect: FixtureExpectSchema.optional(),
})
export type FixtureStep = z.output<typeof FixtureStepSchema>

export const FixtureFileSchema = z.strictObject({
  description: z.string().max(1000).describe('What the file does, in a sentence: shown by `--dry-run`.').optional(),
  fixtures: z
    .array(FixtureStepSchema)
    .min(1, 'must hold at least one step')
    .max(FIXTURE_MAX_STEPS, `must hold at most ${FIXTURE_MAX_STEPS} steps`),
})
export type FixtureFile = z.output<typeof FixtureFileSchema>
