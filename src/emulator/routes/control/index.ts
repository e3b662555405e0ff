import type { Hono } from 'hono'
import { PRODUCT_LIMIT } from '../../../contract/products.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { presentKey, presentShop } from '../../services/accounts/present.js'
import { presentProduct } from '../../services/catalogue/present.js'
import { presentQuery } from '../../services/customer-queries/present.js'
import { presentFeedback } from '../../services/feedback/present.js'
import { presentOrder } from '../../services/orders/present.js'
import { presentSubscription } from '../../services/subscriptions/present.js'
import { presentDelivery, presentWebhook, summariseDelivery } from '../../services/webhooks/present.js'
import { type RouteDeps, authedHandlers, mountRoutes } from '../route.js'
import { jsonStream } from '../json-stream.js'
import { eventHandlers } from './events.js'
import { requestLogHandlers } from './requests.js'

const SUCCESS = { success: true } as const

/**
 * The dashboard's functions over HTTP under /_emulator (DESIGN.md, "Emulator control API"), behind
 * the key: the account's shops, keys, clock, faults and saved states; the shop's products of every
 * status, the payment processor's order actions, webhooks, customer queries and feedback.
 */
export const CONTROL_HANDLERS = {
  ...authedHandlers({
    listShops: (c, { services }) => ({ shops: services.accounts.shops(c.get('account')).map(presentShop) }),
    createShop: async (c, { services, body }) =>
      presentShop(await services.accounts.createShop(c.get('account'), await body())),
    listKeys: (c, { services }) => ({ keys: services.accounts.keys(c.get('account')).map(presentKey) }),
    createKey: async (c, { services, body }) => {
      const { name } = await body()
      const { key, secret } = await services.accounts.createKey(c.get('account'), name ?? null)
      // The secret is shown once, in this answer only (spec, "Authentication").
      return { ...presentKey(key), secret }
    },
    revokeKey: async (c, { services, params }) => {
      await services.accounts.revokeKey(c.get('account'), params.id)
      return SUCCESS
    },
    listAllProducts: (c, { services: { catalogue }, query }) => {
      const limit = query.limit ?? PRODUCT_LIMIT.default
      const { page, nextCursor } = catalogue.page(c.get('shop'), limit, query.cursor, query.status ?? 'all')
      return { products: page.map((product) => presentProduct(product, catalogue.stockOf(product))), nextCursor }
    },
    getFulfilment: (c, { services, params }) => services.catalogue.setup(c.get('shop'), params.id),
    setFulfilment: async (c, { services, params, body }) =>
      await services.catalogue.putSetup(c.get('shop'), params.id, await body()),
    payOrder: async (c, { services, params, body }) =>
      presentOrder(await services.payment.pay(c.get('shop'), params.id, await body())),
    retryDelivery: async (c, { services, params }) =>
      presentOrder(await services.payment.deliver(c.get('shop'), params.id)),
    addTracking: async (c, { services, params, body }) =>
      presentOrder(await services.payment.track(c.get('shop'), params.id, await body())),
    disputeOrder: async (c, { services, params }) =>
      presentOrder(await services.payment.dispute(c.get('shop'), params.id)),
    cancelSubscription: async (c, { services, params }) =>
      presentSubscription(await services.subscriptions.cancel(c.get('shop'), params.id)),
    getClock: (c, { services }) => services.clock.state(c.get('account')),
    advanceClock: async (c, { services, body }) =>
      await services.clock.advance(c.get('account'), (await body()).seconds),
    listWebhooks: (c, { services }) => ({ webhooks: services.webhooks.list(c.get('shop')).map(presentWebhook) }),
    createWebhook: async (c, { services, body }) =>
      presentWebhook(await services.webhooks.create(c.get('shop'), await body())),
    listDeliveries: (c, { services, query }) => ({
      deliveries: services.webhooks.logs(c.get('shop'), query).map(summariseDelivery),
    }),
    getDelivery: (c, { services, params }) => presentDelivery(services.webhooks.delivery(c.get('shop'), params.id)),
    resendDelivery: async (c, { services, params }) =>
      presentDelivery(await services.webhooks.resend(c.get('shop'), params.id)),
    getWebhook: (c, { services, params }) => presentWebhook(services.webhooks.get(c.get('shop'), params.id)),
    deleteWebhook: async (c, { services, params }) => {
      await services.webhooks.delete(c.get('shop'), params.id)
      return SUCCESS
    },
    simulateWebhook: async (c, { services, params, body }) => {
      // An unknown endpoint answers 404 before a body is looked at.
      const webhook = services.webhooks.get(c.get('shop'), params.id)
      const { event } = await body()
      return presentDelivery(await services.webhooks.simulate(c.get('shop'), webhook, event))
    },
    listQueries: (c, { services }) => ({ queries: services.storefront.queries(c.get('shop')).map(presentQuery) }),
    getQuery: (c, { services, params }) => presentQuery(services.storefront.query(c.get('shop'), params.id)),
    replyToQuery: async (c, { services, params, body }) =>
      presentQuery(await services.storefront.reply(c.get('shop'), params.id, (await body()).message)),
    listFeedback: (c, { services }) => ({ feedback: services.storefront.feedback(c.get('shop')).map(presentFeedback) }),
    listFaults: (c, { services }) => ({ faults: services.faults.list(c.get('account')) }),
    createFault: async (c, { services, body }) => services.faults.create(c.get('account'), await body()),
    deleteFault: (c, { services, params }) => {
      services.faults.delete(c.get('account'), params.id)
      return SUCCESS
    },
    listStates: async (c, { services }) => ({ states: await services.states.list(c.get('account')) }),
    // Written piece by piece as the client reads it, for a shop of any size; the request log keeps no copy.
    exportState: async (c, { services }) =>
      c.body(jsonStream(await services.states.export(c.get('shop'))), 200, { 'Content-Type': 'application/json' }),
    saveState: async (c, { services, body }) => await services.states.save(c.get('account'), (await body()).name),
    restoreState: async (c, { services, body }) => {
      const restore = await body()
      if ('seed' in restore) return await services.states.import(c.get('shop'), restore.seed)
      return await services.states.restore(c.get('account'), restore.name)
    },
    resetAccount: async (c, { services }) => await services.states.reset(c.get('account')),
  }),
  ...eventHandlers,
  ...requestLogHandlers,
}

/** Mounts the control API on `control` (at `/_emulator`), which brings the key and shop middleware. */
export const controlRoutes = (deps: RouteDeps, control: Hono<AuthedEnv>): Hono<AuthedEnv> =>
  mountRoutes(control, CONTROL_HANDLERS, deps, '/_emulator')
