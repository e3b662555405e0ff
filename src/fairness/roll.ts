// Odds, picking and opening a line: DESIGN.md "Mystery box fairness — exact algorithm", steps 4–8.
import {
  codeProofOf,
  commitmentOf,
  indexFromHash,
  isValidClientSeed,
  isValidServerSeed,
  proofHashOf,
} from './proofs.js'
import type { MysteryOpen, MysteryOutcome, OddsEntry } from '../contract/mystery.js'

type Stocked = { stock: number | null }
type Weighted = { name: string; weight: number; stock: number | null }

/** Whether an outcome can still be won: stock null (unlimited) or above zero. */
export function inStock(o: Stocked): boolean {
  return o.stock === null || o.stock > 0
}

/** The sum of the weights of in-stock entries: the modulus of the roll. */
export function totalWeightOf(entries: readonly Weighted[]): number {
  let total = 0
  for (const e of entries) if (inStock(e)) total += e.weight
  return total
}

function assertOutcome(o: Weighted, at: number): void {
  if (typeof o?.name !== 'string') throw new TypeError(`outcome ${at}: name must be a string`)
  if (!Number.isSafeInteger(o.weight) || o.weight < 1) {
    throw new RangeError(`outcome "${o.name}": weight must be a positive integer, got ${o.weight}`)
  }
  if (o.stock !== null && (!Number.isSafeInteger(o.stock) || o.stock < 0)) {
    throw new RangeError(`outcome "${o.name}": stock must be null or a non-negative integer, got ${o.stock}`)
  }
}

/**
 * The odds snapshot of a table, in table order. `chance` = weight / totalWeight of in-stock outcomes
 * as a percentage rounded half up to 2 decimals; 0 for out-of-stock outcomes.
 * @throws RangeError on a weight that is not a positive integer or a stock that is not null / a non-negative integer
 */
export function oddsOf(outcomes: readonly Weighted[]): OddsEntry[] {
  outcomes.forEach(assertOutcome)
  const total = totalWeightOf(outcomes)
  return outcomes.map((o) => ({
    name: o.name,
    weight: o.weight,
    // weight * 10000 / total is never within a rounding error of a half unless it is exactly one,
    // so Math.round rounds half up as exact arithmetic would (the Python generator uses integers).
    chance: inStock(o) && total > 0 ? Math.round((o.weight * 10000) / total) / 100 : 0,
    stock: o.stock,
  }))
}

/**
 * The winner of a roll: walk the in-stock entries in table order and take the first whose
 * cumulative weight exceeds `rollIndex`.
 * @throws RangeError if rollIndex is not an integer in [0, totalWeight)
 */
export function pickOutcome(odds: readonly OddsEntry[], rollIndex: number): OddsEntry {
  if (!Number.isSafeInteger(rollIndex) || rollIndex < 0)
    throw new RangeError(`rollIndex must be a non-negative integer, got ${rollIndex}`)
  let cumulative = 0
  for (const entry of odds) {
    if (!inStock(entry)) continue
    cumulative += entry.weight
    if (cumulative > rollIndex) return entry
  }
  throw new RangeError(`rollIndex ${rollIndex} is not below the in-stock total weight ${cumulative}`)
}

function assertOpenInput(input: OpenBoxInput): void {
  if (!isValidServerSeed(input.serverSeed)) throw new RangeError('serverSeed must be 64 lowercase hex characters')
  if (!isValidClientSeed(input.clientSeed)) throw new RangeError('clientSeed must be 1-64 printable ASCII characters')
  if (!Number.isSafeInteger(input.poolVersion) || input.poolVersion < 1)
    throw new RangeError(`poolVersion must be a positive integer, got ${input.poolVersion}`)
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 0)
    throw new RangeError(`quantity must be a non-negative integer, got ${input.quantity}`)
  input.outcomes.forEach((o, at) => {
    assertOutcome(o, at)
    if (o.codes === undefined) return
    if (!Array.isArray(o.codes) || o.codes.some((c) => typeof c !== 'string'))
      throw new TypeError(`outcome "${o.name}": codes must be an array of strings`)
    // Stock is what the published odds show, so it alone must decide whether the outcome can be
    // won; a pool smaller than the stock would let a buyer win an outcome with no code left.
    if (o.stock === null || o.stock > o.codes.length) {
      throw new RangeError(
        `outcome "${o.name}": with a code pool, stock must be a number no larger than the pool (${o.codes.length})`,
      )
    }
  })
}

/** The input of {@link openBox}. */
export interface OpenBoxInput {
  serverSeed: string
  clientSeed: string
  poolVersion: number
  outcomes: readonly MysteryOutcome[]
  quantity: number
  /** Put `serverSeed` on the opens (true once the order is paid). */
  revealSeed?: boolean
}

/** The result of {@link openBox}: the opens, the table after them, and `exhausted: true` if stock ran out first. */
export interface OpenBoxResult {
  opens: MysteryOpen[]
  outcomes: MysteryOutcome[]
  exhausted?: boolean
}

/**
 * Opens `quantity` boxes of one order line. Open `i` (from 0) uses nonce `i`; totalWeight and the
 * odds snapshot are recomputed before every open, after the earlier opens' stock decrements; a
 * winner with a code pool gets the second pass and its code is removed from the pool.
 * Pure: the input table is not mutated; the returned `outcomes` are new objects (extra fields kept).
 * When nothing is in stock at an open it stops and returns the opens so far with `exhausted: true`.
 * @throws RangeError/TypeError on an invalid seed, poolVersion, quantity or table, before any roll;
 *   an outcome with `codes` needs a numeric stock no larger than its pool
 * @example
 * const { opens, outcomes } = openBox({ serverSeed, clientSeed, poolVersion: 1, outcomes: table, quantity: 2 })
 */
export function openBox(input: OpenBoxInput): OpenBoxResult {
  assertOpenInput(input)
  const { serverSeed, clientSeed, poolVersion, quantity } = input
  const commitment = commitmentOf(serverSeed)
  const table: MysteryOutcome[] = input.outcomes.map((o) => (o.codes ? { ...o, codes: [...o.codes] } : { ...o }))
  const opens: MysteryOpen[] = []

  for (let i = 0; i < quantity; i++) {
    const odds = oddsOf(table)
    const totalWeight = totalWeightOf(odds)
    if (totalWeight === 0) return { opens, outcomes: table, exhausted: true }

    const proofHash = proofHashOf(serverSeed, clientSeed, i)
    const rollIndex = indexFromHash(proofHash, totalWeight)
    const at = odds.indexOf(pickOutcome(odds, rollIndex))
    const won = table[at]
    const open: MysteryOpen = {
      index: i,
      nonce: i,
      clientSeed,
      ...(input.revealSeed ? { serverSeed } : {}),
      commitment,
      poolVersion,
      proofHash,
      rollIndex,
      totalWeight,
      odds,
      outcome: won.name,
    }
    const next: MysteryOutcome = { ...won, stock: won.stock === null ? null : won.stock - 1 }
    if (won.codes && won.codes.length > 0) {
      const codeProof = codeProofOf(serverSeed, clientSeed, i)
      const codePoolSize = won.codes.length
      const codeIndex = indexFromHash(codeProof, codePoolSize)
      Object.assign(open, { codeProof, codeIndex, codePoolSize, code: won.codes[codeIndex] })
      next.codes = won.codes.filter((_, k) => k !== codeIndex)
    }
    table[at] = next
    opens.push(open)
  }
  return { opens, outcomes: table }
}

/** The input of {@link openAt}. */
export interface OpenAtInput {
  serverSeed: string
  clientSeed: string
  nonce: number
  poolVersion: number
  outcomes: readonly MysteryOutcome[]
}

/**
 * The roll at one nonce against the table as it stands (no earlier opens taken from its stock, no
 * code drawn), the seed revealed: what open `nonce` of a line would show if the table stood so.
 * @throws RangeError on an invalid table, a nonce that is not a non-negative integer, or nothing in stock
 * @example openAt({ serverSeed, clientSeed, nonce: 3, poolVersion: 1, outcomes: table }).outcome
 */
export function openAt(input: OpenAtInput): MysteryOpen {
  const { serverSeed, clientSeed, nonce, poolVersion } = input
  const odds = oddsOf(input.outcomes)
  const totalWeight = totalWeightOf(odds)
  const proofHash = proofHashOf(serverSeed, clientSeed, nonce)
  const rollIndex = indexFromHash(proofHash, totalWeight)
  return {
    index: nonce,
    nonce,
    clientSeed,
    serverSeed,
    commitment: commitmentOf(serverSeed),
    poolVersion,
    proofHash,
    rollIndex,
    totalWeight,
    odds,
    outcome: pickOutcome(odds, rollIndex).name,
  }
}
