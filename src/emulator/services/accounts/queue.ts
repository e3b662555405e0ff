/**
 * Runs the work of one account one piece after another (a clock advance, a restore, a reset, an
 * import, a deletion): each starts once the one before has ended, so two never interleave. Other
 * accounts' work runs beside it.
 */
export class AccountQueue {
  private readonly running = new Map<string, Promise<unknown>>()

  run<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.running.get(accountId) ?? Promise.resolve()
    const run = previous.then(work)
    const settled = run.catch(() => undefined)
    this.running.set(accountId, settled)
    void settled.then(() => {
      if (this.running.get(accountId) === settled) this.running.delete(accountId)
    })
    return run
  }
}
