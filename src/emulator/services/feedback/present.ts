import { FeedbackSchema } from '../../../contract/storefront.js'
import type { FeedbackRecord } from '../../../contract/rows.js'
import { listed } from '../common/listed.js'

/** Feedback on a paid invoice; without the customer record it was matched to. */
export const presentFeedback = (row: FeedbackRecord) => listed(FeedbackSchema, row)
