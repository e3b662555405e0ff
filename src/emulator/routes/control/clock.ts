import { authedHandlers } from '../route.js'

/** The calling account's time; `advance` makes its renewals, trial ends and upcoming notices fall due. */
export const clockHandlers = authedHandlers({
  getClock: (c, { services }) => ({ status: 200, body: services.clock.state(c.get('account')) }),
  advanceClock: async (c, { services, body }) => ({
    status: 200,
    body: await services.clock.advance(c.get('account'), (await body()).seconds),
  }),
})
