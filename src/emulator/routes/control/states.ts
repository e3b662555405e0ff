import { authedHandlers } from '../route.js'

/**
 * The calling account's saved states (docs/testing.md, "Saved states"); `export` gives the shop as a seed
 * file; `reset` puts the account back to the state it was created with.
 */
export const stateHandlers = authedHandlers({
  listStates: async (c, { services }) => ({
    status: 200,
    body: { states: await services.states.list(c.get('account')) },
  }),
  exportState: async (c, { services }) => ({
    status: 200,
    body: await services.states.export(c.get('shop')),
    stream: true,
  }),
  saveState: async (c, { services, body }) => ({
    status: 201,
    body: await services.states.save(c.get('account'), (await body()).name),
  }),
  restoreState: async (c, { services, body }) => {
    const restore = await body()
    if ('seed' in restore) return { status: 200, body: await services.states.import(c.get('shop'), restore.seed) }
    return { status: 200, body: await services.states.restore(c.get('account'), restore.name) }
  },
  resetAccount: async (c, { services }) => ({ status: 200, body: await services.states.reset(c.get('account')) }),
})
