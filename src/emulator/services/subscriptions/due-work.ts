import { StoreError } from '../../../contract/errors.js'
import type { Clock } from '../../deps.js'
import { SortedIndex } from '../../store/sorted-index.js'
import { nextDueOf } from '../../../contract/subscription-due.js'
import type { Tx } from '../../store/store.js'
import type { ServiceDeps } from '../common/deps.js'
import { type DueCounts, runDue } from './billing.js'
import { transactInTurns } from '../common/transact-in-turns.js'

/** Due items per transaction at most, and the time their work may take: a turn stays well under 50 ms. */
const DUE_PER_TRANSACTION = 100
const TRANSACTION_BUDGET_MS = 4

export interface AdvanceScope {
  clock: Clock
  shopIds(): Iterable<string>
  /** Records the clock's offset in `tx`, the transaction that applies the work due up to it. */
  saveOffset(tx: Tx, offsetMs: number): void
}

/**
 * The clock walks: it reaches each item's due time before the item runs, and each transaction records
 * the offset it reached, so a request answered between two sees the clock at T and everything due
 * before T done; when one fails, the clock goes back to where the last durable one put it.
 */
export async function advanceAndRunDue(deps: ServiceDeps, scope: AdvanceScope, seconds: number): Promise<DueCounts> {
  const { clock } = scope
  const endOffset = clock.offsetMs() + seconds * 1000
  const counts: DueCounts = { upcoming: 0, trialsEnded: 0, renewed: 0 }
  let durableOffset = clock.offsetMs()
  try {
    await transactInTurns(deps, (tx) => {
      const isDone = runBatch(deps, scope, tx, endOffset, counts)
      const reached = clock.offsetMs()
      scope.saveOffset(tx, reached)
      return { isDone, onDurable: () => (durableOffset = Math.max(durableOffset, reached)) }
    })
  } catch (error) {
    clock.advance((durableOffset - clock.offsetMs()) / 1000)
    throw error
  }
  return counts
}

/** Runs due items in time order (which share a transaction changes no outcome); true when nothing more is due. */
function runBatch(deps: ServiceDeps, scope: AdvanceScope, tx: Tx, endOffset: number, counts: DueCounts): boolean {
  const { clock } = scope
  const heads = new SortedIndex()
  const headOf = (shopId: string) => {
    const head = deps.collections.subscriptions.oldest('due', shopId)
    if (head) heads.insert({ time: nextDueOf(head)!.at, id: head.id })
  }
  for (const shopId of scope.shopIds()) headOf(shopId)
  const stopAt = performance.now() + TRANSACTION_BUDGET_MS
  for (let ran = 0; ran < DUE_PER_TRANSACTION && performance.now() < stopAt; ran++) {
    const first = heads.ascending().next()
    const end = clock.now().getTime() + (endOffset - clock.offsetMs())
    const subscription = first.done ? undefined : deps.collections.subscriptions.get(first.value)
    const at = subscription && nextDueOf(subscription)!.at
    if (!subscription || at! > end) {
      clock.advance((endOffset - clock.offsetMs()) / 1000)
      return true
    }
    heads.remove({ time: at!, id: subscription.id })
    // Whole seconds keep the offset an exact sum of the seconds asked for.
    const behind = at! - clock.now().getTime()
    if (behind > 0) clock.advance(Math.min(Math.ceil(behind / 1000), (endOffset - clock.offsetMs()) / 1000))
    const shop = deps.collections.shops.get(subscription.shopId)
    if (!shop) throw new StoreError(500, `subscription ${subscription.id} belongs to no shop`)
    runDue(deps, tx, shop, subscription, counts)
    headOf(subscription.shopId)
  }
  return false
}
