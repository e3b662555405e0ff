// Whole-account work in bounded steps (docs/testing.md, "Saved states"): an account of 800,000 serial
// codes is read, compared and written a step at a time, so other accounts' requests are answered
// between two steps instead of after the whole of it.
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Tx } from '../../store/store.js'
import type { ServiceDeps } from '../common/deps.js'
import { transactInTurns } from '../common/transact-in-turns.js'

/**
 * Time one step may take. With a step's journal line and what else shares the event loop's turn
 * (a fold's chunk, another request), a turn stays well under 50 ms.
 */
const STEP_BUDGET_MS = 8
/** Rows written per transaction at most: a journal line stays a few hundred kilobytes. */
const ROWS_PER_TRANSACTION = 2_000

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
 * A whole-account operation's changes: `apply(tx, item)` for every item, in order, then
 * `finish(tx)`. In one transaction when they fit in one; else in transactions of at most
 * ROWS_PER_TRANSACTION items and STEP_BUDGET_MS of work, the first of which also runs `mark(tx)`
 * (the mark a start finds to finish what a stop interrupted), and the last `finish(tx)`. A crash
 * leaves the account as it was, marked with a prefix of the items done, or done. Each transaction
 * is the operation's own (`transactAs`). Resolves once every transaction is on disk; the first
 * failure stops the steps and is thrown.
 */
export async function changeInSteps<T>(
  deps: ServiceDeps,
  accountId: string,
  items: Iterable<T>,
  o: { apply: (tx: Tx, item: T) => void; mark: (tx: Tx) => void; finish: (tx: Tx) => void },
): Promise<void> {
  const source = items[Symbol.iterator]()
  let next = source.next()
  let isFirst = true
  const own: ServiceDeps = { ...deps, transact: (change) => deps.transactAs(accountId, change) }
  await transactInTurns(own, (tx) => {
    const stopAt = performance.now() + STEP_BUDGET_MS
    for (let count = 1; !next.done; count++) {
      o.apply(tx, next.value)
      next = source.next()
      if (count === ROWS_PER_TRANSACTION || ((count & 63) === 0 && performance.now() >= stopAt)) break
    }
    if (next.done) o.finish(tx)
    else if (isFirst) o.mark(tx)
    isFirst = false
    return { isDone: next.done === true }
  })
}
