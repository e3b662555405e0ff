import { ClockAdvanceBodySchema, ClockSchema } from '../../fulfilment.js'
import { answer, area } from '../operation.js'

/** The calling account's time; `advance` makes its renewals, trial ends and notices fall due. */
export const CLOCK_OPERATIONS = area('clock', {
  getClock: {
    method: 'get',
    path: '/_emulator/clock',
    summary: "The emulator's time",
    ok: answer(200, 'The time and its offset from the real clock.', ClockSchema),
  },
  advanceClock: {
    method: 'post',
    path: '/_emulator/clock/advance',
    summary: 'Move the clock forward',
    description:
      'At most 5 years at a time. What falls due runs earliest first: upcoming notices, trial ends, renewals, with their events.',
    body: ClockAdvanceBodySchema,
    ok: answer(200, 'The new time and what fell due.', ClockSchema),
  },
})
