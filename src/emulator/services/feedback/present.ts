import type { ListedFields } from '../../../contract/common.js'
import { FeedbackSchema } from '../../../contract/storefront.js'
import type { FeedbackRecord } from '../../../contract/rows.js'
import { presenterOf } from '../common/listed.js'

/** Feedback on a paid invoice; without the customer record it was matched to. */
export const presentFeedback: (row: FeedbackRecord) => ListedFields<typeof FeedbackSchema> = presenterOf(FeedbackSchema)
