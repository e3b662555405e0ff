// Checks of a whole order line, beyond each open on its own: DESIGN.md "Mystery box fairness — exact
// algorithm" (opens of a line use nonces 0…n-1 and one client seed; stock drops by one per win).
import type { MysteryOpen } from '../contract/mystery.js'
import { check, verifyOpen, type Check } from './verify.js'

/** A check of one open: {@link verifyOpen}'s checks plus the line-level ones. */
export interface LineCheck extends Omit<Check, 'name'> {
  name: Check['name'] | 'nonce' | 'odds' | 'clientSeed' | 'codePoolSize'
  /** False for a value the verifier computed itself, with no stated value to compare (see `verifyStated`). */
  claimed?: boolean
}

/** One order line's opens, in order, with what the line itself states: the commitment the buyer saw and its client seed. */
export interface MysteryLine {
  label: string
  expectedCommitment?: string
  clientSeed?: string
  opens: MysteryOpen[]
}

/** The verdict on one open of a line: `ok` when every check holds. */
export interface OpenReport {
  label: string
  index: number
  nonce: unknown
  outcome: unknown
  ok: boolean
  checks: LineCheck[]
}

const snapshot = (odds: unknown) =>
  Array.isArray(odds) ? odds.map((e) => ({ name: e?.name, weight: e?.weight, stock: e?.stock })) : odds

/**
 * Verifies every open of a line: {@link verifyOpen} per open (against the commitment the buyer saw),
 * then what only the line shows: open i uses nonce i, every open uses the line's client seed,
 * each odds snapshot is the one before it with the previous winner's stock taken down by one, and
 * an outcome's code pool is one smaller at each of its later wins. Never throws.
 * @example
 * const reports = verifyLine({ label: order.orderNumber, expectedCommitment, opens: line.mystery.opens })
 * const failed = reports.flatMap((r) => r.checks.filter((c) => !c.ok))
 */
export function verifyLine(line: MysteryLine, expectedCommitment = line.expectedCommitment): OpenReport[] {
  return line.opens.map((open, position) => {
    const { checks } = verifyOpen(open, expectedCommitment === undefined ? {} : { expectedCommitment })
    const all: LineCheck[] = [...checks]
    all.push(check('nonce', String(position), open.nonce, { position, index: open.index ?? '(missing)' }))
    if (line.clientSeed !== undefined)
      all.push(check('clientSeed', line.clientSeed, open.clientSeed, { lineClientSeed: line.clientSeed }))
    if (position > 0) {
      const previous = line.opens[position - 1]
      const expected = Array.isArray(previous.odds)
        ? previous.odds.map((e) => ({
            name: e.name,
            weight: e.weight,
            stock: e.name === previous.outcome && e.stock !== null ? e.stock - 1 : e.stock,
          }))
        : previous.odds
      all.push(
        check('odds', JSON.stringify(expected), snapshot(open.odds), { previousOutcome: String(previous.outcome) }),
      )
    }
    // An outcome's pool loses the drawn code: its next win in the line draws from one fewer.
    const lastWin = line.opens
      .slice(0, position)
      .reverse()
      .find((o) => o.outcome === open.outcome && o.codePoolSize !== undefined)
    if (open.codePoolSize !== undefined && lastWin) {
      all.push(
        check('codePoolSize', String(Number(lastWin.codePoolSize) - 1), open.codePoolSize, {
          outcome: String(open.outcome),
          previousCodePoolSize: String(lastWin.codePoolSize),
          previousOpen: lastWin.index ?? '(missing)',
        }),
      )
    }
    return {
      label: line.label,
      index: position,
      nonce: open.nonce,
      outcome: open.outcome,
      ok: all.every((c) => c.ok),
      checks: all,
    }
  })
}
