// Checking loose values (`store mystery verify --server-seed … --proof-hash …`): only what is
// claimed decides; the rest is computed to fill the chain and shown as such.
import { type OpenReport, verifyLine } from './line.js'
import { codeProofOf, commitmentOf, indexFromHash, proofHashOf } from './proofs.js'
import type { MysteryOpen, OddsEntry } from '../contract/mystery.js'
import { pickOutcome, totalWeightOf } from './roll.js'

/** The values of one open as someone states them. Seeds, nonce and odds are given; every other value is a claim if present. */
export interface StatedOpen {
  label: string
  serverSeed: string
  clientSeed: string
  nonce: number
  /** The odds snapshot at that open, in table order. */
  odds: OddsEntry[]
  /** The won outcome's code pool size at that open; with it the code pass is checked too. */
  codePoolSize?: number
  commitment?: string
  proofHash?: string
  totalWeight?: number
  rollIndex?: number
  outcome?: string
  codeProof?: string
  codeIndex?: number
}

const CLAIMS = ['commitment', 'proofHash', 'totalWeight', 'rollIndex', 'outcome', 'codeProof', 'codeIndex'] as const

function orElse<T>(compute: () => T, fallback: T): T {
  try {
    return compute()
  } catch {
    return fallback
  }
}

/**
 * Verifies the claimed values of one open. A value not claimed is computed from the step before it
 * (rollIndex from the stated or computed proofHash, outcome from the rollIndex…) and its check is
 * marked `claimed: false`; `ok` is decided by the claimed checks alone. Never throws.
 * @example
 * verifyStated({ label: 'flags', serverSeed, clientSeed, nonce: 0, odds: oddsOf(table), proofHash })
 */
export function verifyStated(stated: StatedOpen): OpenReport {
  const { serverSeed, clientSeed, nonce, odds } = stated
  const totalWeight = stated.totalWeight ?? totalWeightOf(odds)
  const proofHash = stated.proofHash ?? proofHashOf(serverSeed, clientSeed, nonce)
  const rollIndex = stated.rollIndex ?? orElse(() => indexFromHash(proofHash, totalWeight), -1)
  const open: MysteryOpen = {
    index: nonce,
    nonce,
    clientSeed,
    serverSeed,
    commitment: stated.commitment ?? commitmentOf(serverSeed),
    poolVersion: 1,
    proofHash,
    rollIndex,
    totalWeight,
    odds,
    outcome: stated.outcome ?? orElse(() => pickOutcome(odds, rollIndex).name, '(none)'),
  }
  const poolSize = stated.codePoolSize
  if (poolSize !== undefined) {
    const codeProof = stated.codeProof ?? codeProofOf(serverSeed, clientSeed, nonce)
    open.codePoolSize = poolSize
    open.codeProof = codeProof
    open.codeIndex = stated.codeIndex ?? orElse(() => indexFromHash(codeProof, poolSize), -1)
  }
  const claimed = new Set<string>(CLAIMS.filter((name) => stated[name] !== undefined))
  const [report] = verifyLine({ label: stated.label, opens: [open] })
  const checks = report.checks.filter((c) => c.name !== 'nonce').map((c) => ({ ...c, claimed: claimed.has(c.name) }))
  return { ...report, checks, ok: checks.every((c) => c.ok || !c.claimed) }
}
