import { WebhookDeliverySummarySchema, WebhookSchema } from '../../../contract/webhooks.js'
import type { DeliveryRecord, WebhookRecord } from '../../../contract/rows.js'
import { listed } from '../common/listed.js'

/** A webhook endpoint as the control API shows it. */
export const presentWebhook = (row: WebhookRecord) => listed(WebhookSchema, row)

/** A delivery of the log as listed: without the payload and the attempts. */
export const summariseDelivery = (row: DeliveryRecord) => listed(WebhookDeliverySummarySchema, row)

/** One delivery with every attempt and the exact body sent. */
export function presentDelivery(row: DeliveryRecord) {
  return { ...summariseDelivery(row), payload: row.payload, attempts: row.attempts }
}
