import * as z from 'zod'
import type { ListedFields } from './common.js'

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters')

export const OddsEntrySchema = z.object({
  name: z.string(),
  weight: z.number().int().positive(),
  chance: z.number(),
  stock: z.number().int().nullable(),
})
/** One row of a published odds snapshot; `chance` is a percentage with 2 decimals, 0 when out of stock. */
export type OddsEntry = ListedFields<typeof OddsEntrySchema>

/**
 * One row of a mystery box's drop table. `weight` is a positive integer; `stock: null` is
 * unlimited; `codes` is the optional code pool, drawn in pool order.
 */
export const MysteryOutcomeSchema = z.object({
  name: z.string(),
  weight: z.number().int().positive(),
  stock: z.number().int().nonnegative().nullable(),
  codes: z.array(z.string()).optional(),
})
export type MysteryOutcome = z.infer<typeof MysteryOutcomeSchema>

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
/** The record of one open (one ordered quantity), as stored on the order line and shown on the invoice. */
export type MysteryOpen = ListedFields<typeof MysteryOpenSchema>

/** The mystery part of an order line: what was bound at checkout, and after payment the seed and the opens. */
export const LineMysterySchema = z.looseObject({
  commitment: z.string(),
  poolVersion: z.number().int(),
  clientSeed: z.string(),
  serverSeed: Hex64.describe('Only after payment; before it the seed is kept apart from the order.').optional(),
  opens: z.array(MysteryOpenSchema),
})

/** What a MysteryBox product publishes before checkout. */
export const MysteryPublicSchema = z.object({
  commitment: Hex64,
  poolVersion: z.number().int().positive(),
  outcomes: z.array(OddsEntrySchema),
})
export type MysteryPublic = z.infer<typeof MysteryPublicSchema>
