// Whole-account work in bounded steps (README, "Saved states"): an account of 800,000 serial
// codes is read, compared and written a step at a time, so other accounts' requests are answered
// between two steps instead of after the whole of it.
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Tx } from '../../store/store.js'
import type { Shared } from '../shared.js'
import { transactInTurns } from '../transact-in-turns.js'

/**
 * Time one step may take. With a step's journal line and what else shares the event loop's turn
 * (a fold's chunk, another request), a turn stays well under 50 ms.
 */
const STEP_BUDGET_MS = 8
/** Rows written per transaction at most: a journal line stays a few hundred kilobytes. */
export const ROWS_PER_TRANSACTION = 2_000

/** Calls `each` with every item, yielding to other work every STEP_BUDGET_MS. */
export async function eachInSteps<T>(items: Iterable<T>, each: (item: T) => void): Promise<void> {
  let stopAt = performance.now() + STEP_BUDGET_MS
  let count = 0
  for (const item of items) {
    each(item)
    // Reading the time costs more than most items: look every 64.
    if ((++count & 63) === 0 && performance.now() >= stopAt) {
      await nextTurn()
      stopAt = performance.now() + STEP_BUDGET_MS
    }
  }
}

/**
 * Calls `apply(tx, item)` for every item, in order, in transactions of at most
 * ROWS_PER_TRANSACTION items and STEP_BUDGET_MS of work, each starting with `check()` (which
 * throws to stop). Resolves once every transaction is on disk; the first failure stops the steps
 * and is thrown, what the transactions before it did staying done.
 */
export async function transactInSteps<T>(
  deps: Shared,
  items: Iterable<T>,
  apply: (tx: Tx, item: T) => void,
  check: () => void = () => undefined,
): Promise<void> {
  const source = items[Symbol.iterator]()
  let next = source.next()
  if (next.done) return
  await transactInTurns(deps, (tx) => {
    check()
    const stopAt = performance.now() + STEP_BUDGET_MS
    for (let count = 1; ; count++) {
      apply(tx, (next as IteratorYieldResult<T>).value)
      next = source.next()
      if (next.done || count === ROWS_PER_TRANSACTION || ((count & 63) === 0 && performance.now() >= stopAt)) break
    }
    return { isDone: next.done === true }
  })
}
