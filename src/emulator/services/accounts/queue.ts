/**
 * Runs the work of one account one piece after another (a clock advance, a restore, a reset, an
 * import, a deletion): each starts once the one before has ended, so two never interleave. Other
 * accounts' work runs beside it. Work done in steps holds the account meanwhile (`holding`): the
 * account's requests wait for it (`whenFree`), so none sees it half done.
 */
export class AccountQueue {
  private readonly running = new Map<string, Promise<unknown>>()
  private readonly held = new Map<string, Promise<unknown>>()

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

  /** Runs `work` (inside `run`) with the account held until it settles. */
  holding<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const run = work()
    const settled = run.catch(() => undefined)
    this.held.set(accountId, settled)
    void settled.then(() => {
      if (this.held.get(accountId) === settled) this.held.delete(accountId)
    })
    return run
  }

  /** Resolves once the account is no longer held; undefined when it is not held now. */
  whenFree(accountId: string): Promise<void> | undefined {
    const held = this.held.get(accountId)
    if (!held) return undefined
    return held.then(() => undefined)
  }
}
