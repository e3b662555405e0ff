import { ClockAdvanceBodySchema, ClockSchema } from '../../../contract/fulfilment.js'
import { json } from '../../openapi/operations.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

/** The calling account's time; `advance` makes its renewals, trial ends and upcoming notices fall due. */
export const clockRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/clock',
      operationId: 'getClock',
      summary: "The emulator's time",
      tag: 'clock',
      ok: { status: 200, description: 'The time and its offset from the real clock.', content: json(ClockSchema) },
    },
    (c, { services }) => answerJson(c, services.clock.state(c.get('account'))),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/clock/advance',
      operationId: 'advanceClock',
      summary: 'Move the clock forward',
      description:
        'At most 5 years at a time. What falls due runs earliest first: upcoming notices, trial ends, renewals, with their events.',
      tag: 'clock',
      body: ClockAdvanceBodySchema,
      ok: { status: 200, description: 'The new time and what fell due.', content: json(ClockSchema) },
    },
    async (c, { services, body }) =>
      answerJson(c, await services.clock.advance(c.get('account'), (await body()).seconds)),
  ),
]
