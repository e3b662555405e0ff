/**
 * Runs the work of one account one piece after another; other accounts' work runs beside it. Work
 * done in steps holds the account (`holding`): its requests wait for it (`whenFree`).
 */
export class AccountQueue {
  private readonly running = new Map<string, Promise<unknown>>()
  private readonly held = new Map<string, Promise<unknown>>()

  run<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    return this.track(this.running, accountId, (this.running.get(accountId) ?? Promise.resolve()).then(work))
  }

  /** Runs `work` (inside `run`) with the account held until it settles. */
  holding<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    return this.track(this.held, accountId, work())
  }

  private track<T>(by: Map<string, Promise<unknown>>, accountId: string, run: Promise<T>): Promise<T> {
    const settled = run.catch(() => undefined)
    by.set(accountId, settled)
    void settled.then(() => {
      if (by.get(accountId) === settled) by.delete(accountId)
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
