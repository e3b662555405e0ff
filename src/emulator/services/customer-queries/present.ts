import type { ListedFields } from '../../../contract/common.js'
import type { QuerySchema } from '../../../contract/storefront.js'
import type { QueryRecord } from '../../../contract/rows.js'

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
