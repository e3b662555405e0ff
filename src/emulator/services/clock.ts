// POST /_emulator/clock/advance (DESIGN.md, control API): the emulator clock moves forward and
// whatever fell due meanwhile fires (commerce/subscriptions.ts). The offset is persisted in `meta`.
import type { ClockState } from '../../spec/fulfilment.js'
import type { Emulator } from '../context.js'
import { runDueSubscriptions } from './subscriptions/billing.js'

export function clockState(emu: Emulator): ClockState {
  return { now: emu.nowIso(), offsetSeconds: emu.clock.offsetMs() / 1000 }
}

/** Moves the clock and runs what fell due, in one transaction; if that fails the clock moves back. */
export async function advanceClock(emu: Emulator, seconds: number): Promise<ClockState> {
  emu.clock.advance(seconds)
  try {
    const due = await emu.store.tx((tx) => {
      const meta = emu.store.c.meta.get('meta')
      tx.put('meta', { eventSeq: 0, ...meta, id: 'meta', clockOffsetMs: emu.clock.offsetMs() })
      return runDueSubscriptions(emu, tx)
    })
    return { ...clockState(emu), due }
  } catch (error) {
    emu.clock.advance(-seconds)
    throw error
  }
}
