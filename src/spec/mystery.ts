import * as z from 'zod'

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters')

export const OddsEntrySchema = z.object({
  name: z.string(),
  weight: z.number().int().positive(),
  chance: z.number(),
  stock: z.number().int().nullable(),
})

/** One open of a mystery-box line with every verification field (DESIGN.md, "Mystery box fairness", step 8). */
export const MysteryOpenSchema = z.object({
  index: z.number().int().nonnegative(),
  nonce: z.number().int().nonnegative(),
  clientSeed: z.string(),
  serverSeed: Hex64.optional(),
  commitment: Hex64,
  poolVersion: z.number().int().positive(),
  proofHash: Hex64,
  rollIndex: z.number().int().nonnegative(),
  totalWeight: z.number().int().positive(),
  odds: z.array(OddsEntrySchema),
  outcome: z.string(),
  codeProof: Hex64.optional(),
  codeIndex: z.number().int().nonnegative().optional(),
  codePoolSize: z.number().int().positive().optional(),
  code: z.string().optional(),
})
export type MysteryOpenRecord = z.infer<typeof MysteryOpenSchema>

/** What a MysteryBox product publishes before checkout. */
export const MysteryPublicSchema = z.object({
  commitment: Hex64,
  poolVersion: z.number().int().positive(),
  outcomes: z.array(
    z.object({ name: z.string(), weight: z.number(), chance: z.number(), stock: z.number().int().nullable() }),
  ),
})
export type MysteryPublic = z.infer<typeof MysteryPublicSchema>
