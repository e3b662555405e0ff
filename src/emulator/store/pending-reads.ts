/**
 * Counts reads that saw a change not yet on disk (collections report them), so that commit-wait
 * makes an answer wait only when something it could show is still pending. Reads inside a
 * transaction are only noted on it: a transaction that writes becomes durable after every
 * transaction before it anyway, and one that writes nothing waits itself when it read one.
 */
export class PendingReads {
  /** Reads outside transactions that saw a pending change, plus every rollback: only grows. */
  exposures = 0
  private isInTx = false
  private hasTxSeenPending = false

  /** A collection read a row (or a list) with a change not yet on disk. */
  note(): void {
    if (this.isInTx) this.hasTxSeenPending = true
    else this.exposures++
  }

  /** Runs a transaction's synchronous change; returns its result and whether it read a pending change. */
  during<R>(change: () => R): { result: R; hasSeenPending: boolean } {
    this.isInTx = true
    this.hasTxSeenPending = false
    try {
      return { result: change(), hasSeenPending: this.hasTxSeenPending }
    } finally {
      this.isInTx = false
    }
  }
}
