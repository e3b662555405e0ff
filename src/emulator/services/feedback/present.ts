import type { ListedFields } from '../../../contract/common.js'
import type { FeedbackSchema } from '../../../contract/storefront.js'
import type { FeedbackRecord } from '../../../contract/rows.js'

/** Feedback on a paid invoice; without the shop and the customer record it was matched to. */
export function presentFeedback(row: FeedbackRecord): ListedFields<typeof FeedbackSchema> {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    productId: row.productId,
    productTitle: row.productTitle,
    customerEmail: row.customerEmail,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt,
  }
}
