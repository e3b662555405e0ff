import { presentOrder } from '../../services/orders/present.js'
import { authedHandlers } from '../route.js'

/** The payment processor's and the dashboard's order actions: `/_emulator/orders/:id/…` (docs/storefront.md, "Order flow"). */
export const orderControlHandlers = authedHandlers({
  payOrder: async (c, { services, params, body }) => ({
    status: 200,
    body: presentOrder(await services.payment.pay(c.get('shop'), params.id, await body())),
  }),
  retryDelivery: async (c, { services, params }) => ({
    status: 200,
    body: presentOrder(await services.payment.deliver(c.get('shop'), params.id)),
  }),
  addTracking: async (c, { services, params, body }) => ({
    status: 200,
    body: presentOrder(await services.payment.track(c.get('shop'), params.id, await body())),
  }),
  disputeOrder: async (c, { services, params }) => ({
    status: 200,
    body: presentOrder(await services.payment.dispute(c.get('shop'), params.id)),
  }),
})
