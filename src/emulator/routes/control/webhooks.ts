import { presentDelivery, presentWebhook, summariseDelivery } from '../../services/webhooks/present.js'
import { authedHandlers } from '../route.js'

/** Webhook endpoints, the delivery log, resend and the simulator, per shop (X-Service-Shop). */
export const webhookHandlers = authedHandlers({
  listWebhooks: (c, { services }) => ({
    status: 200,
    body: { webhooks: services.webhooks.list(c.get('shop')).map(presentWebhook) },
  }),
  createWebhook: async (c, { services, body }) => ({
    status: 201,
    body: presentWebhook(await services.webhooks.create(c.get('shop'), await body())),
  }),
  listDeliveries: (c, { services, query }) => ({
    status: 200,
    body: { deliveries: services.webhooks.logs(c.get('shop'), query).map(summariseDelivery) },
  }),
  getDelivery: (c, { services, params }) => ({
    status: 200,
    body: presentDelivery(services.webhooks.delivery(c.get('shop'), params.id)),
  }),
  resendDelivery: async (c, { services, params }) => ({
    status: 201,
    body: presentDelivery(await services.webhooks.resend(c.get('shop'), params.id)),
  }),
  getWebhook: (c, { services, params }) => ({
    status: 200,
    body: presentWebhook(services.webhooks.get(c.get('shop'), params.id)),
  }),
  deleteWebhook: async (c, { services, params }) => {
    await services.webhooks.delete(c.get('shop'), params.id)
    return { status: 200, body: { success: true } }
  },
  simulateWebhook: async (c, { services, params, body }) => {
    // An unknown endpoint answers 404 before a body is looked at.
    const webhook = services.webhooks.get(c.get('shop'), params.id)
    const { event } = await body()
    return { status: 201, body: presentDelivery(await services.webhooks.simulate(c.get('shop'), webhook, event)) }
  },
})
