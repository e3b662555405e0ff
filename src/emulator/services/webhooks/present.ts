import type { ListedFields } from '../../../contract/common.js'
import { WebhookDeliverySummarySchema, WebhookSchema } from '../../../contract/webhooks.js'
import type { DeliveryRecord, WebhookRecord } from '../../../contract/rows.js'
import { presenterOf } from '../common/listed.js'

export const presentWebhook: (row: WebhookRecord) => ListedFields<typeof WebhookSchema> = presenterOf(WebhookSchema)

/** A delivery of the log as listed: without the payload and the attempts. */
export const summariseDelivery: (row: DeliveryRecord) => ListedFields<typeof WebhookDeliverySummarySchema> =
  presenterOf(WebhookDeliverySummarySchema)

/** One delivery with every attempt and the exact body sent. */
export function presentDelivery(row: DeliveryRecord) {
  return { ...summariseDelivery(row), payload: row.payload, attempts: row.attempts }
}
