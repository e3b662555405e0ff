import * as z from 'zod'
import { SafeObjectSchema, TimestampSchema, anyCaseOf, atLeastOneOf, intBetween } from './common.js'

/**
 * Chosen failures of the emulator (`/_emulator/faults`): rules that make the next matching
 * requests of an account fail, so a client's error handling can be tested on the request it
 * chooses (DESIGN.md, "Added in the third round").
 */

export const FAULT_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const
/** Most requests one rule fails, and most rules an account holds. */
export const FAULT_LIMITS = { times: 1_000, rules: 100, latencyMs: 60_000 } as const

/** Which requests a rule fails: a method, a path (`*` matches any run of characters), or both. */
export const FaultMatchSchema = atLeastOneOf(
  z.strictObject({
    method: z
      .string()
      .regex(anyCaseOf(FAULT_METHODS), `must be one of ${FAULT_METHODS.map((m) => JSON.stringify(m)).join(', ')}`)
      .transform((m) => m.toUpperCase() as (typeof FAULT_METHODS)[number])
      .optional(),
    path: z
      .string()
      .max(500, 'must be at most 500 characters')
      .regex(/^\//, 'must start with / (e.g. /api/v1/orders or /api/v1/orders/*)')
      .optional(),
  }),
  ['method', 'path'],
  { message: 'name a method, a path or both: a rule that matches nothing in particular would fail every request' },
)
export type FaultMatch = z.infer<typeof FaultMatchSchema>

export const CreateFaultBodySchema = z.strictObject({
  match: FaultMatchSchema,
  times: intBetween(1, FAULT_LIMITS.times).default(1),
  status: z
    .number()
    .int('must be an integer')
    .min(400, 'must be 400 or more')
    .max(599, 'must be 599 or less')
    .optional(),
  body: SafeObjectSchema.optional(),
  latencyMs: intBetween(0, FAULT_LIMITS.latencyMs).optional(),
})
export type CreateFaultBody = z.output<typeof CreateFaultBodySchema>
export type CreateFaultInput = z.input<typeof CreateFaultBodySchema>

/**
 * A rule as the control API shows it. `status` null: the rule only delays (`latencyMs`) and the
 * request is then answered as usual. `remaining` counts down; a rule is gone once it reaches 0.
 */
export const FaultSchema = z.object({
  id: z.string(),
  match: z.object({ method: z.enum(FAULT_METHODS).optional(), path: z.string().optional() }),
  status: z.number().int().nullable(),
  body: z.record(z.string(), z.unknown()).nullable(),
  latencyMs: z.number().int().nonnegative(),
  times: z.number().int().positive(),
  remaining: z.number().int().nonnegative(),
  createdAt: TimestampSchema,
})
export interface Fault extends z.infer<typeof FaultSchema> {}
export const FaultListSchema = z.object({ faults: z.array(FaultSchema) })
export type FaultList = z.infer<typeof FaultListSchema>
