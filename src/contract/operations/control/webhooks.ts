import {
  CreateWebhookBodySchema,
  DeliveryLogQuerySchema,
  SimulateWebhookBodySchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
} from '../../webhooks.js'
import { WEBHOOK_ENDPOINT_LIMIT } from '../../constants.js'
import { answer, area } from '../operation.js'
import { resourceOperations } from '../resource.js'

const ENDPOINT_ID = "The endpoint's id."
const webhook = resourceOperations({
  path: '/_emulator/webhooks',
  one: 'a webhook endpoint',
  many: 'webhook endpoints',
  id: ENDPOINT_ID,
})
const ENDPOINT = answer(200, 'The endpoint.', WebhookSchema)
const DELIVERY_ID = { id: "The delivery's id." }

/**
 * Webhook endpoints, the delivery log, resend and the simulator (DESIGN.md, "Emulator control
 * API"; spec, "Delivery rules" 3 and 4), per shop. The log's operations come before `/{id}`: the
 * emulator mounts them in this order, and hono tries them so.
 */
export const WEBHOOK_OPERATIONS = area('webhooks', {
  listWebhooks: webhook.list(WebhookListSchema),
  createWebhook: webhook.create(CreateWebhookBodySchema, WebhookSchema, {
    summary: 'Add a webhook endpoint',
    description: 'A URL and at least one event kind (spec, "Webhook configuration").',
    ok: { ...ENDPOINT, status: 201 },
    errors: [[409, `The shop holds ${WEBHOOK_ENDPOINT_LIMIT} endpoints already, the most it may.`]],
  }),
  listDeliveries: {
    method: 'get',
    path: '/_emulator/webhooks/logs',
    summary: 'The delivery log',
    description:
      'Newest first (the last 5,000 deliveries per shop are kept): URL, event, response status, retry count, created time.',
    query: DeliveryLogQuerySchema,
    ok: answer(200, '`{ deliveries: [...] }`', WebhookDeliveryListSchema),
  },
  getDelivery: {
    method: 'get',
    path: '/_emulator/webhooks/logs/{id}',
    summary: 'One delivery',
    description: 'With the exact payload sent and every attempt.',
    params: DELIVERY_ID,
    ok: answer(200, 'The delivery.', WebhookDeliverySchema),
  },
  resendDelivery: {
    method: 'post',
    path: '/_emulator/webhooks/logs/{id}/resend',
    summary: 'Resend a delivery',
    description: 'The exact payload again, to the same URL, as a new entry of the log (one attempt).',
    params: DELIVERY_ID,
    ok: answer(201, 'The new delivery.', WebhookDeliverySchema),
  },
  getWebhook: webhook.get(WebhookSchema, { summary: 'One webhook endpoint', ok: ENDPOINT }),
  deleteWebhook: webhook.delete({ summary: 'Remove a webhook endpoint' }),
  simulateWebhook: {
    method: 'post',
    path: '/_emulator/webhooks/{id}/simulate',
    summary: 'Send sample data of one kind',
    description: 'The dashboard\'s simulator: a test delivery with sample data (spec, "Delivery rules" 4).',
    params: { id: ENDPOINT_ID },
    body: SimulateWebhookBodySchema,
    ok: answer(201, 'The delivery.', WebhookDeliverySchema),
  },
})
