import type { ClockState } from '../../../contract/fulfilment.js'
import type { Clock } from '../../deps.js'
import type { AccountRecord } from '../../../contract/rows.js'
import { notFound } from '../../../contract/errors.js'
import type { AccountQueue } from '../accounts/queue.js'
import type { ServiceDeps } from '../common/deps.js'
import type { AccountClocks } from './account-clocks.js'
import { type AdvanceScope, advanceAndRunDue } from '../subscriptions/due-work.js'

/** Each account's clock (docs/storefront.md, "Test clocks"), its offset kept in the account's row. */
export class ClockService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly clocks: AccountClocks,
    private readonly queue: AccountQueue,
  ) {}

  nowIso(account: AccountRecord): string {
    return this.deps.nowIso({ accountId: account.id })
  }

  offsetMs(account: AccountRecord): number {
    return this.deps.clockOffsetMs({ accountId: account.id })
  }

  state(account: AccountRecord): ClockState {
    return { now: this.nowIso(account), offsetSeconds: this.offsetMs(account) / 1000 }
  }

  /** A db from before per-account clocks kept one offset for all: every account takes it, once, at start. */
  async adoptEmulatorWideOffset(): Promise<void> {
    const meta = this.deps.collections.meta.get('meta')
    if (meta?.clockOffsetMs === undefined) return
    await this.deps.transact((tx) => {
      const { clockOffsetMs, ...rest } = meta
      if (clockOffsetMs !== 0)
        for (const account of [...this.deps.collections.accounts.values()])
          if (account.clockOffsetMs === undefined) tx.put('accounts', { ...account, clockOffsetMs })
      tx.put('meta', rest)
    })
  }

  /** Runs what fell due in bounded transactions; if one fails, the clock stays where the last durable one put it. */
  advance(account: AccountRecord, seconds: number): Promise<ClockState> {
    return this.queue.run(account.id, async () => {
      if (!this.deps.collections.accounts.get(account.id)) throw notFound('account', account.id)
      try {
        const due = await advanceAndRunDue(this.deps, this.scope(account), seconds)
        return { ...this.state(account), due }
      } finally {
        this.clocks.endWalk(account.id)
      }
    })
  }

  /** Within a transaction of the advance the walked offset runs ahead of the account's row. */
  private scope(account: AccountRecord): AdvanceScope {
    const { deps, clocks } = this
    const id = account.id
    const offsetMs = () => clocks.offsetMs({ accountId: id })
    const clock: Clock = {
      offsetMs,
      now: () => clocks.now({ accountId: id }),
      advance: (seconds) => clocks.walk(id, offsetMs() + seconds * 1000),
    }
    return {
      clock,
      shopIds: () => Array.from(deps.collections.shops.oldestFirst('account', id), (shop) => shop.id),
      saveOffset: (tx, clockOffsetMs) => {
        const current = deps.collections.accounts.get(id)
        if (current && current.clockOffsetMs !== clockOffsetMs) tx.put('accounts', { ...current, clockOffsetMs })
      },
    }
  }
}
