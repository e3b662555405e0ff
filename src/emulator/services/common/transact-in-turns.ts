import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Tx } from '../../store/store.js'
import type { ServiceDeps } from './deps.js'

/** Transactions applied but not yet on disk at once: they share fsyncs, and their memory stays bounded. */
const IN_FLIGHT = 4

/** What one transaction of a long job did: whether the job is done, and what to note once it is on disk. */
export interface Turn {
  isDone: boolean
  onDurable?: () => void
}

/**
 * Runs a long job as transactions of `step`, one per turn of the event loop, up to IN_FLIGHT waiting
 * for the disk at once; the first that fails stops the job and is thrown.
 */
export async function transactInTurns(deps: ServiceDeps, step: (tx: Tx) => Turn): Promise<void> {
  const inFlight: Promise<void>[] = []
  let failure: { error: unknown } | undefined
  for (let isDone = false; !isDone && !failure; ) {
    let turn: Turn | undefined
    const written = deps.transact((tx) => {
      turn = step(tx)
    })
    isDone = turn?.isDone ?? true
    inFlight.push(
      written.then(
        () => turn?.onDurable?.(),
        (error: unknown) => {
          failure ??= { error }
        },
      ),
    )
    if (inFlight.length >= IN_FLIGHT) await inFlight.shift()
    if (!isDone) await nextTurn()
  }
  await Promise.all(inFlight)
  if (failure) throw failure.error
}
