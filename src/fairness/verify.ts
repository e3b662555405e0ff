// Checking one open from its revealed values alone: spec "Mystery box fairness (contract)" 7.7,
// DESIGN.md "Mystery box fairness — exact algorithm" (`store mystery verify`).
import { codeProofOf, commitmentOf, indexFromHash, proofHashOf } from './proofs.js'
import { inStock, oddsOf, pickOutcome, totalWeightOf } from './roll.js'
import type { MysteryOpen } from '../contract/mystery.js'

/**
 * One verification step. `expected` is what the verifier computes from the inputs; `actual` is what
 * the open (or, for the commitment, the page before purchase) states. `inputs` are the values used,
 * so a failure can be reproduced by hand.
 */
export interface Check {
  name: 'commitment' | 'proofHash' | 'totalWeight' | 'rollIndex' | 'outcome' | 'codeProof' | 'codeIndex'
  ok: boolean
  expected: string
  actual: string
  inputs: Record<string, string | number>
}

/** Runs `compute`; a thrown error becomes its message, so bad input fails a check instead of throwing. */
function attempt(compute: () => string | number): string {
  try {
    return String(compute())
  } catch (err) {
    return `error: ${err instanceof Error ? err.message : String(err)}`
  }
}

/** A check of `actual` as stated against what the verifier computed (an error computing it fails the check). */
export function check<N extends string>(name: N, expected: string, actual: unknown, inputs: Check['inputs']) {
  const stated =
    actual === undefined ? '(missing)' : typeof actual === 'object' ? JSON.stringify(actual) : String(actual)
  return { name, ok: !expected.startsWith('error: ') && expected === stated, expected, actual: stated, inputs }
}

function label(v: unknown): string | number {
  return typeof v === 'number' ? v : v === undefined ? '(missing)' : String(v)
}

/**
 * Verifies one open without trusting the server: recomputes every step from `serverSeed`,
 * `clientSeed`, `nonce` and the `odds` snapshot stored on the open, in order
 * commitment, proofHash, totalWeight, rollIndex, outcome, then codeProof, codeIndex.
 *
 * Each check tests one step against the values the open states for the step before it (rollIndex
 * from the stated proofHash, outcome from the stated rollIndex...), so the first failing check
 * names the step that is wrong. Pass `expectedCommitment` (the commitment shown before purchase)
 * to also tie the open to what the buyer saw.
 *
 * - No `serverSeed` (order unpaid): a failing `commitment` check says the seed is not revealed yet;
 *   `proofHash` and `codeProof` cannot be recomputed and are left out; the other steps still run.
 * - Code checks run only when `codeProof`, `codeIndex` or `codePoolSize` is present, and verify
 *   `codeIndex = indexFromHash(codeProof, codePoolSize)`. The delivered `code` itself cannot be
 *   checked: that needs the outcome's remaining pool, which is not revealed.
 * - `chance` values are display only and are not checked; `nonce` is not compared with `index`
 *   (a per-line property: check that a line's nonces are distinct).
 *
 * Never throws: malformed values fail the check they feed.
 * @example
 * const { ok, checks } = verifyOpen(order.items[0].mystery.opens[0], { expectedCommitment })
 * for (const c of checks.filter((c) => !c.ok)) console.log(`${c.name}: expected ${c.expected}, got ${c.actual}`)
 */
export function verifyOpen(
  open: MysteryOpen,
  opts: { expectedCommitment?: string } = {},
): { ok: boolean; checks: Check[] } {
  const checks: Check[] = []
  const seed = open.serverSeed
  const revealed = typeof seed === 'string'

  if (!revealed) {
    checks.push({
      name: 'commitment',
      ok: false,
      expected: 'serverSeed revealed after payment',
      actual: 'serverSeed not revealed yet (order unpaid)',
      inputs: { commitment: label(open.commitment) },
    })
  } else {
    const computed = commitmentOf(seed)
    const published = opts.expectedCommitment ?? open.commitment
    const inputs: Check['inputs'] = { serverSeed: seed, commitment: label(open.commitment) }
    if (opts.expectedCommitment !== undefined) inputs.expectedCommitment = opts.expectedCommitment
    // sha256(seed) must match the commitment published before purchase, and the open must carry that same commitment.
    checks.push(
      computed !== published
        ? check('commitment', computed, published, inputs)
        : check('commitment', published, open.commitment, inputs),
    )
  }

  const message = `${open.clientSeed}:${open.nonce}`
  if (revealed) {
    checks.push(
      check(
        'proofHash',
        attempt(() => proofHashOf(seed, open.clientSeed, open.nonce)),
        open.proofHash,
        {
          serverSeed: seed,
          clientSeed: label(open.clientSeed),
          nonce: label(open.nonce),
          message,
        },
      ),
    )
  }

  const odds = Array.isArray(open.odds) ? open.odds : []
  const weights = odds.filter((e) => inStock(e)).map((e) => `${e.name}:${e.weight}`)
  checks.push(
    check(
      'totalWeight',
      attempt(() => {
        if (!Array.isArray(open.odds)) throw new TypeError('odds snapshot missing')
        oddsOf(odds) // validates the snapshot's weights and stocks
        return totalWeightOf(odds)
      }),
      open.totalWeight,
      { inStockWeights: weights.join(' + ') || '(none)' },
    ),
  )

  checks.push(
    check(
      'rollIndex',
      attempt(() => indexFromHash(open.proofHash, open.totalWeight)),
      open.rollIndex,
      {
        proofHash: label(open.proofHash),
        first13Hex: typeof open.proofHash === 'string' ? open.proofHash.slice(0, 13) : '(missing)',
        totalWeight: label(open.totalWeight),
      },
    ),
  )

  let low = 0
  const ranges = odds
    .filter((e) => inStock(e))
    .map((e) => `${e.name} [${low}, ${(low += e.weight)})`)
    .join(', ')
  checks.push(
    check(
      'outcome',
      attempt(() => pickOutcome(odds, open.rollIndex).name),
      open.outcome,
      {
        rollIndex: label(open.rollIndex),
        ranges: ranges || '(none)',
      },
    ),
  )

  const hasCode = open.codeProof !== undefined || open.codeIndex !== undefined || open.codePoolSize !== undefined
  if (hasCode) {
    if (revealed) {
      checks.push(
        check(
          'codeProof',
          attempt(() => codeProofOf(seed, open.clientSeed, open.nonce)),
          open.codeProof,
          {
            serverSeed: seed,
            clientSeed: label(open.clientSeed),
            nonce: label(open.nonce),
            message: `${message}:code`,
          },
        ),
      )
    }
    checks.push(
      check(
        'codeIndex',
        attempt(() => indexFromHash(open.codeProof as string, open.codePoolSize as number)),
        open.codeIndex,
        {
          codeProof: label(open.codeProof),
          codePoolSize: label(open.codePoolSize),
        },
      ),
    )
  }

  return { ok: checks.every((c) => c.ok), checks }
}
