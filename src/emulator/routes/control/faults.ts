import { authedHandlers } from '../route.js'

/** The calling account's rules that make chosen requests fail (docs/webhooks.md, "Chosen failures"). */
export const faultHandlers = authedHandlers({
  listFaults: (c, { services }) => ({ status: 200, body: { faults: services.faults.list(c.get('account')) } }),
  createFault: async (c, { services, body }) => ({
    status: 201,
    body: services.faults.create(c.get('account'), await body()),
  }),
  deleteFault: (c, { services, params }) => {
    services.faults.delete(c.get('account'), params.id)
    return { status: 200, body: { success: true } }
  },
})
