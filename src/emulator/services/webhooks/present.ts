import { WebhookDeliverySummarySchema, WebhookSchema } from '../../../contract/webhooks.js'
import type { DeliveryRecord } from '../../../contract/rows.js'
import { presenterOf } from '../common/listed.js'

export const presentWebhook = presenterOf(WebhookSchema)

/** A delivery of the log as listed: without the payload and the attempts. */
export const summariseDelivery = presenterOf(WebhookDeliverySummarySchema)

/** One delivery with every attempt and the exact body sent. */
export function presentDelivery(row: DeliveryRecord) {
  return { ...summariseDelivery(row), payload: row.payload, attempts: row.attempts }
}
