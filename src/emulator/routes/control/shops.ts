import { presentShop } from '../../services/accounts/present.js'
import { authedHandlers } from '../route.js'

/** The calling account's shops; the oldest is the one used without `X-Service-Shop`. */
export const shopHandlers = authedHandlers({
  listShops: (c, { services }) => ({
    status: 200,
    body: { shops: services.accounts.shops(c.get('account')).map(presentShop) },
  }),
  createShop: async (c, { services, body }) => ({
    status: 201,
    body: presentShop(await services.accounts.createShop(c.get('account'), await body())),
  }),
})
