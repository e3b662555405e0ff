import type { ListedFields } from '../../../contract/common.js'
import type { EmittedEventSchema } from '../../../contract/webhooks.js'
import type { EventRecord } from '../../../contract/rows.js'

/** An event of the log as the live stream and the CLI show it. */
export function presentEvent(event: EventRecord): ListedFields<typeof EmittedEventSchema> {
  return {
    id: event.id,
    sequence: event.seq,
    event: event.kind,
    data: event.data,
    shopId: event.shopId,
    createdAt: event.createdAt,
  }
}
