// The emulator's side of DESIGN.md "Mystery box fairness — exact algorithm": seeds, commitments,
// rotation and what is published. The rolls themselves are src/fairness (pure, shared with the CLI).
import {
  clientSeedFromBytes,
  commitmentOf,
  isValidClientSeed,
  oddsOf,
  serverSeedFromBytes,
  type MysteryOutcome,
} from '../../../fairness/index.js'
import { badRequest } from '../../../contract/errors.js'
import type { MysteryPublic } from '../../../contract/mystery.js'
import type { ServiceDeps } from '../common/deps.js'
import type { FulfilmentRecord } from '../../../contract/rows.js'

export type MysteryState = NonNullable<FulfilmentRecord['mystery']>

/** The field of `customFields` that carries the buyer's client seed (spec 7.2). */
export const CLIENT_SEED_FIELD = '__mysteryClientSeed'

/** Step 1: 32 random bytes as 64 lowercase hex, and its SHA-256 as the commitment. */
export function freshSeed(deps: ServiceDeps): { serverSeed: string; commitment: string } {
  const serverSeed = serverSeedFromBytes(deps.random.bytes(32))
  return { serverSeed, commitment: commitmentOf(serverSeed) }
}

/** Step 2: a table under a new pool version, with a new seed (odds or stock changed). */
export function newPoolVersion(deps: ServiceDeps, outcomes: MysteryOutcome[], previousVersion: number): MysteryState {
  return { ...freshSeed(deps), poolVersion: previousVersion + 1, outcomes }
}

/** Step 2: after a checkout bound the current seed, the product moves to a fresh one (same pool version). */
export function rotateSeed(deps: ServiceDeps, state: MysteryState): MysteryState {
  return { ...state, ...freshSeed(deps) }
}

/** What the product page publishes: commitment, pool version and the drop table without codes. */
export function publicMystery(state: MysteryState): MysteryPublic {
  return { commitment: state.commitment, poolVersion: state.poolVersion, outcomes: oddsOf(state.outcomes) }
}

/** Step 3: the buyer's client seed when sent (a bad one is refused, never silently replaced), else 16 random bytes. */
export function clientSeedOf(deps: ServiceDeps, customFields: Record<string, unknown> | undefined): string {
  const given = customFields?.[CLIENT_SEED_FIELD]
  if (given === undefined) return clientSeedFromBytes(deps.random.bytes(16))
  if (!isValidClientSeed(given))
    throw badRequest(`customFields.${CLIENT_SEED_FIELD}`, 'must be 1-64 printable ASCII characters')
  return given
}

/** Whether a rolled table differs from the one before it in anything the odds show (stock) or in its codes. */
export function tableChanged(before: readonly MysteryOutcome[], after: readonly MysteryOutcome[]): boolean {
  return before.some((o, i) => o.stock !== after[i].stock || (o.codes?.length ?? 0) !== (after[i].codes?.length ?? 0))
}

/** How a buyer checks an open from the invoice alone (spec 7.7), in the order `store mystery verify` runs them. */
export const VERIFICATION_STEPS: readonly string[] = [
  'commitment: SHA-256 of the revealed serverSeed (its ASCII text, lowercase hex) equals the commitment shown on the product page before purchase and stored on the line.',
  'proofHash: HMAC-SHA256 with the serverSeed as key over "<clientSeed>:<nonce>" (hex) equals proofHash; nonce is the open\'s index, from 0.',
  "totalWeight: the sum of the weights of the odds snapshot's outcomes whose stock is null or above 0.",
  'rollIndex: the first 13 hex characters of proofHash read as a base-16 integer, modulo totalWeight.',
  'outcome: walking the in-stock outcomes of the snapshot in order, the first whose cumulative weight exceeds rollIndex.',
  'code (when one was drawn): codeProof = HMAC-SHA256(serverSeed, "<clientSeed>:<nonce>:code"); codeIndex = first 13 hex of codeProof modulo codePoolSize.',
]
