import { presentKey } from '../../services/accounts/present.js'
import { authedHandlers } from '../route.js'

/** The calling account's API keys. */
export const keyHandlers = authedHandlers({
  listKeys: (c, { services }) => ({
    status: 200,
    body: { keys: services.accounts.keys(c.get('account')).map(presentKey) },
  }),
  createKey: async (c, { services, body }) => {
    const { name } = await body()
    const { key, secret } = await services.accounts.createKey(c.get('account'), name ?? null)
    // The secret is shown once, in this answer only (spec, "Authentication").
    return { status: 201, body: { ...presentKey(key), secret } }
  },
  revokeKey: async (c, { services, params }) => {
    await services.accounts.revokeKey(c.get('account'), params.id)
    return { status: 200, body: { success: true } }
  },
})
