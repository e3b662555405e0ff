import type { ListedFields } from '../../../contract/common.js'
import type { WebhookDeliverySchema, WebhookDeliverySummarySchema, WebhookSchema } from '../../../contract/webhooks.js'
import type { DeliveryRecord, WebhookRecord } from '../../../contract/rows.js'

/** A webhook endpoint as the control API shows it; never the shop. */
export function presentWebhook(row: WebhookRecord): ListedFields<typeof WebhookSchema> {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    ...(row.chaos ? { chaos: row.chaos } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** A delivery of the log as listed: without the payload and the attempts. */
export function summariseDelivery(row: DeliveryRecord): ListedFields<typeof WebhookDeliverySummarySchema> {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventId: row.eventId,
    event: row.event,
    url: row.url,
    state: row.state,
    responseStatus: row.responseStatus,
    retryCount: row.retryCount,
    maxAttempts: row.maxAttempts,
    nextAttemptAt: row.nextAttemptAt,
    origin: row.origin,
    resendOf: row.resendOf,
    ...(row.chaos ? { chaos: row.chaos } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** One delivery with every attempt and the exact body sent. */
export function presentDelivery(row: DeliveryRecord): ListedFields<typeof WebhookDeliverySchema> {
  return { ...summariseDelivery(row), payload: row.payload, attempts: row.attempts }
}
