// Each account's clock (README, "Test clocks"): POST /_emulator/clock/advance moves the calling
// account's clock forward and whatever of its shops fell due meanwhile fires
// (subscriptions/billing.ts). The offset is kept in the account's row.
import type { ClockState } from '../../spec/fulfilment.js'
import type { AccountRecord } from '../store/records.js'
import type { ServiceDeps } from './deps.js'
import { runDueSubscriptions } from './subscriptions/billing.js'

export class ClockService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Now on the account's clock, as every timestamp the API answers it with. */
  nowIso(account: AccountRecord): string {
    return this.deps.nowIso({ accountId: account.id })
  }

  state(account: AccountRecord): ClockState {
    const owner = { accountId: account.id }
    return { now: this.deps.nowIso(owner), offsetSeconds: this.deps.clockOffsetMs(owner) / 1000 }
  }

  /**
   * A db from before each account had its own clock kept one offset for the whole emulator: every
   * account takes it as its own (they all lived on that clock), once, at start.
   */
  async adoptEmulatorWideOffset(): Promise<void> {
    const meta = this.deps.rows.meta.get('meta')
    if (meta?.clockOffsetMs === undefined) return
    await this.deps.store.tx((tx) => {
      const { clockOffsetMs, ...rest } = meta
      if (clockOffsetMs !== 0)
        for (const account of [...this.deps.rows.accounts.values()])
          if (account.clockOffsetMs === undefined) tx.put('accounts', { ...account, clockOffsetMs })
      tx.put('meta', rest)
    })
  }

  /** Moves the account's clock and runs what of its shops fell due, in one transaction. */
  async advance(account: AccountRecord, seconds: number): Promise<ClockState> {
    const due = await this.deps.store.tx((tx) => {
      const current = this.deps.rows.accounts.get(account.id) ?? account
      tx.put('accounts', { ...current, clockOffsetMs: (current.clockOffsetMs ?? 0) + seconds * 1000 })
      const shops = [...this.deps.rows.shops.oldestFirst('account', account.id)]
      return runDueSubscriptions(this.deps, tx, { shops, now: this.deps.now({ accountId: account.id }).getTime() })
    })
    return { ...this.state(account), due }
  }
}
