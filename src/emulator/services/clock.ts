// The emulator's clock (DESIGN.md, control API): POST /_emulator/clock/advance moves it forward and
// whatever fell due meanwhile fires (subscriptions/due-work.ts). The offset is persisted in `meta`.
import type { ClockState } from '../../spec/fulfilment.js'
import type { ServiceDeps } from './deps.js'
import { type AdvanceScope, advanceAndRunDue } from './subscriptions/due-work.js'

export class ClockService {
  /** Advances run one after another: each starts where the previous one left the clock. */
  private advancing: Promise<unknown> = Promise.resolve()

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

  /**
   * Moves the clock and runs what fell due, in transactions of bounded size (due-work.ts); the
   * answer waits for the last one. If one fails, the clock stays where the last durable one put it.
   */
  advance(seconds: number): Promise<ClockState> {
    const run = this.advancing.then(async () => {
      const due = await advanceAndRunDue(this.deps, this.scope(), seconds)
      return { ...this.state(), due }
    })
    this.advancing = run.catch(() => undefined)
    return run
  }

  /** The emulator-wide clock moves every shop's subscriptions. */
  private scope(): AdvanceScope {
    const { rows, clock } = this.deps
    return {
      clock,
      shopIds: () => Array.from(rows.shops.values(), (shop) => shop.id),
      saveOffset: (tx, clockOffsetMs) => {
        tx.put('meta', { eventSeq: 0, ...rows.meta.get('meta'), id: 'meta', clockOffsetMs })
      },
    }
  }
}
