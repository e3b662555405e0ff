import {
  CreateWebhookBodySchema,
  DeliveryLogQuerySchema,
  SimulateWebhookBodySchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
} from '../../../contract/webhooks.js'
import { WEBHOOK_ENDPOINT_LIMIT } from '../../../contract/constants.js'
import { json } from '../../openapi/operations.js'
import { presentDelivery, presentWebhook, summariseDelivery } from '../../services/webhooks/present.js'
import { answerRemoved, resourceOperations } from '../resource.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

const ENDPOINT_ID = "The endpoint's id."
const webhook = resourceOperations({
  path: '/_emulator/webhooks',
  type: 'Webhook',
  one: 'a webhook endpoint',
  many: 'webhook endpoints',
  id: ENDPOINT_ID,
})
const ENDPOINT = { status: 200, description: 'The endpoint.', content: json(WebhookSchema) }
const DELIVERY_ID = { id: "The delivery's id." }

/**
 * Webhook endpoints, the delivery log, resend and the simulator (DESIGN.md, "Emulator control
 * API"; spec, "Delivery rules" 3 and 4). Everything is per shop (X-Service-Shop). The log's
 * routes come before `/{id}`: hono tries them in this order.
 */
export const webhookRoutes = [
  authedRoute(webhook.list(WebhookListSchema), (c, { services }) =>
    answerJson(c, { webhooks: services.webhooks.list(c.get('shop')).map(presentWebhook) }),
  ),
  authedRoute(
    webhook.create(CreateWebhookBodySchema, WebhookSchema, {
      summary: 'Add a webhook endpoint',
      description: 'A URL and at least one event kind (spec, "Webhook configuration").',
      ok: { ...ENDPOINT, status: 201 },
      errors: [[409, `The shop holds ${WEBHOOK_ENDPOINT_LIMIT} endpoints already, the most it may.`]],
    }),
    async (c, { services, body }) =>
      answerJson(c, presentWebhook(await services.webhooks.create(c.get('shop'), await body())), 201),
  ),
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/webhooks/logs',
      operationId: 'listDeliveries',
      summary: 'The delivery log',
      description:
        'Newest first (the last 5,000 deliveries per shop are kept): URL, event, response status, retry count, created time.',
      tag: 'webhooks',
      query: DeliveryLogQuerySchema,
      ok: { status: 200, description: '`{ deliveries: [...] }`', content: json(WebhookDeliveryListSchema) },
    },
    (c, { services, query }) =>
      answerJson(c, { deliveries: services.webhooks.logs(c.get('shop'), query).map(summariseDelivery) }),
  ),
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/webhooks/logs/{id}',
      operationId: 'getDelivery',
      summary: 'One delivery',
      description: 'With the exact payload sent and every attempt.',
      tag: 'webhooks',
      params: DELIVERY_ID,
      ok: { status: 200, description: 'The delivery.', content: json(WebhookDeliverySchema) },
    },
    (c, { services, params }) => answerJson(c, presentDelivery(services.webhooks.delivery(c.get('shop'), params.id))),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/webhooks/logs/{id}/resend',
      operationId: 'resendDelivery',
      summary: 'Resend a delivery',
      description: 'The exact payload again, to the same URL, as a new entry of the log (one attempt).',
      tag: 'webhooks',
      params: DELIVERY_ID,
      ok: { status: 201, description: 'The new delivery.', content: json(WebhookDeliverySchema) },
    },
    async (c, { services, params }) =>
      answerJson(c, presentDelivery(await services.webhooks.resend(c.get('shop'), params.id)), 201),
  ),
  authedRoute(
    webhook.get(WebhookSchema, { summary: 'One webhook endpoint', ok: ENDPOINT }),
    (c, { services, params }) => answerJson(c, presentWebhook(services.webhooks.get(c.get('shop'), params.id))),
  ),
  authedRoute(webhook.delete({ summary: 'Remove a webhook endpoint' }), (c, { services, params }) =>
    answerRemoved(c, services.webhooks.delete(c.get('shop'), params.id)),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/webhooks/{id}/simulate',
      operationId: 'simulateWebhook',
      summary: 'Send sample data of one kind',
      description: 'The dashboard\'s simulator: a test delivery with sample data (spec, "Delivery rules" 4).',
      tag: 'webhooks',
      params: { id: ENDPOINT_ID },
      body: SimulateWebhookBodySchema,
      ok: { status: 201, description: 'The delivery.', content: json(WebhookDeliverySchema) },
    },
    async (c, { services, params, body }) => {
      // An unknown endpoint answers 404 before a body is looked at.
      const webhook = services.webhooks.get(c.get('shop'), params.id)
      const { event } = await body()
      return answerJson(c, presentDelivery(await services.webhooks.simulate(c.get('shop'), webhook, event)), 201)
    },
  ),
]
