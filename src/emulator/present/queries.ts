import type { ListedFields } from '../../spec/common.js'
import type { FeedbackSchema, QuerySchema } from '../../spec/storefront.js'
import type { FeedbackRecord, QueryRecord } from '../store/records.js'

/** A customer query as the merchant and the buyer see it; never the shop. */
export function presentQuery(row: QueryRecord): ListedFields<typeof QuerySchema> {
  return {
    id: row.id,
    ticketId: row.ticketId,
    customerEmail: row.customerEmail,
    customerId: row.customerId,
    orderId: row.orderId,
    subject: row.subject,
    message: row.message,
    status: row.status,
    replies: row.replies,
    replyCount: row.replyCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

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
