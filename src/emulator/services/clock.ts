// The emulator's clock (DESIGN.md, control API): POST /_emulator/clock/advance moves it forward and
// whatever fell due meanwhile fires (subscriptions/billing.ts). The offset is persisted in `meta`.
import type { ClockState } from '../../spec/fulfilment.js'
import type { ServiceDeps } from './deps.js'
import { runDueSubscriptions } from './subscriptions/billing.js'

export class ClockService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Now on the emulator clock, as every timestamp the API answers with. */
  nowIso(): string {
    return this.deps.nowIso()
  }

  state(): ClockState {
    return { now: this.deps.nowIso(), offsetSeconds: this.deps.clock.offsetMs() / 1000 }
  }

  /** Puts the clock where the db left it (the offset persisted by earlier advances). */
  restore(): void {
    const offset = this.deps.rows.meta.get('meta')?.clockOffsetMs ?? 0
    if (offset) this.deps.clock.advance(offset / 1000)
  }

  /** Moves the clock and runs what fell due, in one transaction; if that fails the clock moves back. */
  async advance(seconds: number): Promise<ClockState> {
    const { clock, store } = this.deps
    clock.advance(seconds)
    try {
      const due = await store.tx((tx) => {
        const meta = this.deps.rows.meta.get('meta')
        tx.put('meta', { eventSeq: 0, ...meta, id: 'meta', clockOffsetMs: clock.offsetMs() })
        return runDueSubscriptions(this.deps, tx)
      })
      return { ...this.state(), due }
    } catch (error) {
      clock.advance(-seconds)
      throw error
    }
  }
}
