import type { WebhookEventKind } from '../../../contract/events.js'
import type { EventRecord } from '../../../contract/rows.js'

/** A committed event as listeners get it: `data` is the subject the operation emitted, `record` the logged payload. */
export interface PendingEvent {
  kind: WebhookEventKind
  shopId: string
  data: unknown
  seq: number
  record: EventRecord
}
