import { FeedbackSchema } from '../../../contract/storefront.js'
import { presenterOf } from '../common/listed.js'

/** Feedback on a paid invoice; without the customer record it was matched to. */
export const presentFeedback = presenterOf(FeedbackSchema)
