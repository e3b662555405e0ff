// Whole-account work in bounded steps (docs/testing.md, "Saved states"): other accounts' requests
// are answered between two steps instead of after the whole of it.
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Tx } from '../../store/store.js'
import type { ServiceDeps } from '../common/deps.js'
import { transactInTurns } from '../common/transact-in-turns.js'

/** Time one step may take: with what else shares its turn (a fold's chunk, a request), a turn stays under 50 ms. */
const STEP_BUDGET_MS = 8
/** Rows written per transaction at most: a journal line stays a few hundred kilobytes. */
const ROWS_PER_TRANSACTION = 2_000

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
 * `apply(tx, item)` for every item, then `finish(tx)`: in one transaction when they fit in one;
 * else the first step also runs `mark(tx)`, which a start finds to finish what a stop interrupted.
 * A crash leaves the account as it was, marked with a prefix of the items done, or done.
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
