import {
  ApiKeyListSchema,
  ApiKeySchema,
  CreateKeyBodySchema,
  CreateShopBodySchema,
  ShopListSchema,
  ShopSchema,
} from '../shops.js'
import { answer, ACCOUNT_DELETED, area, type OperationInput, json } from './operation.js'
import {
  FulfilmentSetupBodySchema,
  FulfilmentSetupSchema,
  DELIVERY_BEFORE_PAYMENT,
  DISPUTE_WITHOUT_PAYMENT,
  ORDER_CLOSED_TO_PAYMENT,
  PAYMENT_ABOVE_DUE,
  PAYMENT_ALREADY_SETTLED,
  PAYMENT_NOT_ABOVE_ZERO,
  PayBodySchema,
  SHIPPING_BEFORE_PAYMENT,
  TRACKING_WITHOUT_PHYSICAL,
  TrackingBodySchema,
  ClockAdvanceBodySchema,
  ClockSchema,
  QueryReplyBodySchema,
} from '../fulfilment.js'
import { CURSOR_NOT_ISSUED, ControlProductListQuerySchema, ProductListSchema } from '../products.js'
import { errorCases } from '../refusals.js'
import { OrderSchema } from '../orders.js'
import { SubscriptionSchema } from '../subscriptions.js'
import {
  CreateWebhookBodySchema,
  DeliveryLogQuerySchema,
  SimulateWebhookBodySchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  EventStreamQuerySchema,
} from '../webhooks.js'
import { WEBHOOK_ENDPOINT_LIMIT } from '../constants.js'
import { resourceOperations } from './resource.js'
import { z } from 'zod'
import { FeedbackListSchema, QueryListSchema, QuerySchema } from '../storefront.js'
import {
  REQUEST_LOG_BODY_LIMIT,
  REQUEST_LOG_CAPACITY,
  RequestLogEntrySchema,
  RequestLogListSchema,
  RequestLogQuerySchema,
} from '../requests.js'
import { CreateFaultBodySchema, FaultListSchema, FaultSchema } from '../faults.js'

const SHOPS_AND_KEYS = 'shops and keys'
const shop = resourceOperations({ path: '/_emulator/shops', one: 'a shop', id: '', tag: SHOPS_AND_KEYS })
const key = resourceOperations({
  path: '/_emulator/keys',
  one: 'a key',
  id: "The key's id (`key_…`).",
  tag: SHOPS_AND_KEYS,
})

const PRODUCT_ID = { id: 'The product id or its `rec_…` productId.' }

const ORDER_ID = { id: 'The order id or its `ORD-…` order number.' }
const ORDER = answer(200, 'The order.', OrderSchema)

const ENDPOINT_ID = "The endpoint's id."
const webhook = resourceOperations({
  path: '/_emulator/webhooks',
  one: 'a webhook endpoint',
  many: 'webhook endpoints',
  id: ENDPOINT_ID,
})
const DELIVERY_ID = { id: "The delivery's id." }

/** Request headers of a stream that resumes (the request inspector's too). */
const LastEventIdHeader = z.object({
  'Last-Event-ID': z
    .string()
    .optional()
    .meta({ description: 'The `id` of the last message received: the stream first replays what came after it.' }),
})

/** A body of Server-Sent Events, in the document's words. */
const eventStream = (what: string) => ({
  'text/event-stream': z.string().meta({ description: what }),
})

const QUERY_ID = "The query's id."
const customerQuery = resourceOperations({ path: '/_emulator/queries', one: 'a customer query', id: QUERY_ID })
const fault = resourceOperations({ path: '/_emulator/faults', one: 'a fault rule', id: "The rule's id (`flt_…`)." })

export const CONTROL_OPERATION_TABLE = {
  ...area(SHOPS_AND_KEYS, {
    listShops: shop.list(ShopListSchema, {
      summary: "List the account's shops",
      description: 'Oldest first; the oldest is the one used without `X-Service-Shop`.',
    }),
    createShop: shop.create(CreateShopBodySchema, ShopSchema, {
      summary: 'Add a shop',
      description: 'A new shop of the calling account, with the default theme.',
      errors: [
        [404, ACCOUNT_DELETED],
        [409, 'A shop with this slug already exists.'],
      ],
    }),
    listKeys: key.list(ApiKeyListSchema, {
      summary: "List the account's keys",
      description: 'Masked: prefix and last four characters; the secret is never shown again.',
    }),
    createKey: key.create(CreateKeyBodySchema, ApiKeySchema, {
      summary: 'Add a key',
      description:
        'The secret (`sk_live_…`) is in this answer only (spec, "Authentication"). The body may be left out.',
      bodyOptional: true,
      ok: answer(201, 'The key with its `secret`.', ApiKeySchema),
      errors: [[404, ACCOUNT_DELETED]],
    }),
    revokeKey: key.delete({
      summary: 'Revoke a key',
      description: 'Requests with it answer 401 from now on; dashboard sessions it opened end.',
      errors: [[409, "The account's last key cannot be revoked; create another first."]],
    }),
  }),
  ...area('products', {
    listAllProducts: {
      method: 'get',
      path: '/_emulator/products',
      summary: "The shop's products of any status",
      description:
        'Newest first, paged and enveloped like `GET /api/v1/products` (which lists Live ones only). `status` is Live, Draft, Archived or all (the default).',
      query: ControlProductListQuerySchema,
      ok: answer(200, '`{ products: [...], nextCursor }`', ProductListSchema),
      errors: errorCases(CURSOR_NOT_ISSUED),
    },
    getFulfilment: {
      method: 'get',
      path: '/_emulator/products/{id}/fulfilment',
      summary: "Read a product's fulfilment setup",
      description:
        'What the hosted service configures in its dashboard: delivery message, files, serial pool, Dynamic URL, mystery table with its public commitment (never the server seed), subscription plan.',
      params: PRODUCT_ID,
      ok: answer(200, 'The setup.', FulfilmentSetupSchema),
    },
    setFulfilment: {
      method: 'put',
      path: '/_emulator/products/{id}/fulfilment',
      summary: "Set a product's fulfilment setup",
      description:
        'A field that is present replaces the stored one, `null` removes it, an absent field is kept. `serials` replaces the code pool and stock follows it. Which fields a product type accepts is checked against the product.',
      params: PRODUCT_ID,
      body: FulfilmentSetupBodySchema,
      ok: answer(200, 'The setup as stored.', FulfilmentSetupSchema),
      errors: [[409, 'A code was already delivered and cannot return to a pool.']],
    },
  }),
  ...area(
    { tag: 'orders', params: ORDER_ID },
    {
      payOrder: {
        method: 'post',
        path: '/_emulator/orders/{id}/pay',
        summary: 'Mark an order paid',
        description:
          'Without `amount` the amount due is paid; less than due makes it `partial`. Paid in full, fulfilment runs per line and the payment events fire. Idempotent: paying again delivers nothing twice, it only retries undelivered lines. The body may be left out.',
        body: PayBodySchema,
        bodyOptional: true,
        ok: answer(200, 'The order after payment.', OrderSchema),
        errors: errorCases(PAYMENT_ABOVE_DUE, PAYMENT_NOT_ABOVE_ZERO, ORDER_CLOSED_TO_PAYMENT, PAYMENT_ALREADY_SETTLED),
      },
      retryDelivery: {
        method: 'post',
        path: '/_emulator/orders/{id}/deliver',
        summary: 'Retry undelivered lines',
        description: 'Runs fulfilment again for lines left undelivered (no stock then, a Dynamic endpoint down).',
        ok: ORDER,
        errors: errorCases(DELIVERY_BEFORE_PAYMENT),
      },
      addTracking: {
        method: 'post',
        path: '/_emulator/orders/{id}/tracking',
        summary: 'Add tracking',
        description: 'Tracking for the Physical lines of a paid order, which delivers them.',
        body: TrackingBodySchema,
        ok: ORDER,
        errors: errorCases(TRACKING_WITHOUT_PHYSICAL, SHIPPING_BEFORE_PAYMENT),
      },
      disputeOrder: {
        method: 'post',
        path: '/_emulator/orders/{id}/dispute',
        summary: 'Dispute an order',
        description: '`paymentStatus: disputed` (paid or partial orders).',
        ok: ORDER,
        errors: errorCases(DISPUTE_WITHOUT_PAYMENT),
      },
    },
  ),
  cancelSubscription: {
    method: 'post',
    path: '/_emulator/subscriptions/{id}/cancel',
    summary: 'Cancel a subscription',
    description: 'CANCELLED at once, `canceledAt` set.',
    tag: 'subscriptions',
    params: { id: "The subscription's id." },
    ok: answer(200, 'The subscription.', SubscriptionSchema),
    errors: [[409, 'The subscription is already cancelled.']],
  },
  ...area('clock', {
    getClock: {
      method: 'get',
      path: '/_emulator/clock',
      summary: "The emulator's time",
      ok: answer(200, 'The time and its offset from the real clock.', ClockSchema),
    },
    advanceClock: {
      method: 'post',
      path: '/_emulator/clock/advance',
      summary: 'Move the clock forward',
      description:
        'At most 5 years at a time. What falls due runs earliest first: upcoming notices, trial ends, renewals, with their events.',
      body: ClockAdvanceBodySchema,
      ok: answer(200, 'The new time and what fell due.', ClockSchema),
    },
  }),
  // The log's operations come before `/{id}`: the emulator mounts them in this order, and hono tries them so.
  ...area('webhooks', {
    listWebhooks: webhook.list(WebhookListSchema),
    createWebhook: webhook.create(CreateWebhookBodySchema, WebhookSchema, {
      summary: 'Add a webhook endpoint',
      description: 'A URL and at least one event kind (spec, "Webhook configuration").',
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
    getWebhook: webhook.get(WebhookSchema, { summary: 'One webhook endpoint' }),
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
  }),
  streamEvents: {
    method: 'get',
    path: '/_emulator/events',
    summary: 'Live events (Server-Sent Events)',
    description:
      "Every event of the shop as it is committed. Each message's `id` is the event's sequence number and its `data` an emitted event (`{id, sequence, event, data, shopId, createdAt}`). `Last-Event-ID` (or `?lastEventId=`) first replays the logged events after it; `?events=k1,k2` filters by kind.",
    tag: 'webhooks',
    query: EventStreamQuerySchema,
    headers: LastEventIdHeader,
    errors: [
      [
        429,
        'The key already holds the most open event streams one key may (100): close one, or use another key (`POST /_emulator/keys`). Or past `store serve --rate-limit`, with `Retry-After`.',
      ],
    ],
    ok: {
      status: 200,
      description: 'The stream.',
      content: eventStream('Server-Sent Events; `data` is an emitted event as JSON.'),
    },
  },
  ...area('queries', {
    listQueries: customerQuery.list(QueryListSchema, { summary: 'Customer queries', description: 'Newest first.' }),
    getQuery: customerQuery.get(QuerySchema, {
      summary: 'One customer query',
      ok: answer(200, 'The query with its replies.', QuerySchema),
    }),
    replyToQuery: {
      method: 'post',
      path: '/_emulator/queries/{id}/reply',
      summary: 'Reply to a customer query',
      description: "The merchant's reply (`query:replied`).",
      params: { id: QUERY_ID },
      body: QueryReplyBodySchema,
      ok: answer(200, 'The query with the reply.', QuerySchema),
    },
    listFeedback: {
      method: 'get',
      path: '/_emulator/feedback',
      summary: 'Customer feedback',
      description: 'Ratings buyers left on their invoices, newest first.',
      ok: answer(200, '`{ feedback: [...] }`', FeedbackListSchema),
    },
  }),
  ...area('requests', {
    listRequests: {
      method: 'get',
      path: '/_emulator/requests',
      summary: 'The request inspector',
      description: `The calling account's recent \`/api/v1\` and \`/_emulator\` requests, newest first: time, method, path, query, status, duration, headers and bodies (keys, cookies and \`secret\` fields masked; bodies cut at ${REQUEST_LOG_BODY_LIMIT} characters), and for an error the reason in words. The last ${REQUEST_LOG_CAPACITY} per account are kept, in memory. Requests refused before their key was recognised (401) belong to no account and are not kept. With \`Accept: text/event-stream\`: Server-Sent Events of each new request as it is answered; \`Last-Event-ID\` or \`after\` replays the kept ones after it first.`,
      query: RequestLogQuerySchema,
      headers: LastEventIdHeader,
      errors: [[404, 'The request log is off: the emulator records no requests (`store serve --no-request-log`).']],
      ok: {
        status: 200,
        description: '`{ requests: [...] }`, or the stream.',
        content: {
          ...json(RequestLogListSchema),
          ...eventStream("Server-Sent Events; `id` is the request's sequence, `data` the recorded request as JSON."),
        },
      },
    },
    getRequest: {
      method: 'get',
      path: '/_emulator/requests/{id}',
      summary: 'One recorded request',
      params: { id: "The request's id (`req_…`) or sequence number." },
      ok: answer(200, 'The request.', RequestLogEntrySchema),
    },
  }),
  ...area('faults', {
    listFaults: fault.list(FaultListSchema, {
      summary: "The account's fault rules",
      description:
        'Oldest first; a rule is gone once it has failed `times` requests. Rules live in memory: a restart forgets them.',
    }),
    createFault: fault.create(CreateFaultBodySchema, FaultSchema, {
      summary: 'Make the next matching requests fail',
      description:
        "The next `times` (default 1) `/api/v1` and `/_emulator` requests of the account that match `match` (a method, a path where `*` matches any run of characters, or both; at least one) are answered `status` (default 500) with `body`, or the spec's error body, after waiting `latencyMs`. With only `latencyMs` they wait, then are answered as usual. The `/_emulator/faults` routes themselves are never failed. Any request may also carry `Prefer: code=NNN` (400-599): that one request is answered NNN with the spec's error body and changes nothing.",
      ok: answer(201, 'The rule.', FaultSchema),
      errors: [[409, 'The account holds 100 rules already: delete some first.']],
    }),
    deleteFault: fault.delete({ summary: 'Remove a fault rule' }),
  }),
} satisfies Record<string, OperationInput>
