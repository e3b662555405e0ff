// Buyers' feedback on a paid invoice (spec, "Events": feedback:received).
import { StoreError } from '../../../contract/errors.js'
import type { CreateFeedbackBody } from '../../../contract/storefront.js'
import type { FeedbackRecord, OrderRecord, ShopRecord } from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'
import type { ServiceDeps } from '../common/deps.js'

/**
 * POST /storefront/:shop/invoices/:orderId/feedback: a rating of one product of a paid order (the
 * first line's product unless `productId` names another line), once per order and product.
 */
export function createFeedback(
  deps: ServiceDeps,
  tx: Tx,
  shop: ShopRecord,
  order: OrderRecord,
  body: CreateFeedbackBody,
): FeedbackRecord {
  if (order.paymentStatus !== 'paid')
    throw new StoreError(409, `order ${order.orderNumber} is not paid; feedback follows a purchase`)
  const line =
    body.productId === undefined
      ? order.items[0]
      : order.items.find(
          (l) =>
            l.productId === body.productId || deps.collections.products.get(l.productId)?.productId === body.productId,
        )
  if (!line)
    throw new StoreError(400, `productId: ${body.productId} is not a product of order ${order.orderNumber}`, [
      { field: 'productId', message: 'is not a product of this order' },
    ])
  if (deps.collections.feedback.getBy('order', `${order.id}:${line.productId}`)) {
    throw new StoreError(409, `feedback for "${line.productName}" on order ${order.orderNumber} was already left`)
  }
  const feedback = tx.put('feedback', {
    id: deps.newId('fbk'),
    shopId: shop.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    productId: line.productId,
    productTitle: line.productName,
    customerEmail: order.customerEmail,
    customerId: order.customerId,
    rating: body.rating,
    comment: body.comment ?? '',
    createdAt: deps.nowIso(shop),
  })
  deps.events.emit(tx, shop, 'feedback:received', { feedback })
  return feedback
}
