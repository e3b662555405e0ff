// Customer queries and feedback from the storefront (spec, "Events": query:created, query:replied,
// feedback:received); the merchant answers queries through the control API.
import { StoreError } from '../../../spec/errors.js'
import type { CreateFeedbackBody, CreateQueryBody, Feedback, Query } from '../../../spec/storefront.js'
import type { ServiceDeps } from '../deps.js'
import { base62 } from '../../ids.js'
import { findOrder } from '../orders/orders.js'
import type { FeedbackRecord, OrderRecord, QueryRecord, ShopRecord } from '../../store/records.js'
import type { Tx } from '../../store/store.js'

export function presentQuery(query: QueryRecord): Query {
  const { shopId: _shopId, ...rest } = query
  return rest
}

export function presentFeedback(feedback: FeedbackRecord): Feedback {
  const { shopId: _shopId, customerId: _customerId, ...rest } = feedback
  return rest
}

/** POST /storefront/:shop/queries: a ticket `TCK-…`, status open; an `orderId` must name an order of the shop. */
export function createQuery(deps: ServiceDeps, tx: Tx, shop: ShopRecord, body: CreateQueryBody): QueryRecord {
  let order: OrderRecord | undefined
  if (body.orderId !== undefined) {
    try {
      order = findOrder(deps, shop, body.orderId)
    } catch {
      throw new StoreError(404, `orderId: no order ${body.orderId} in this shop`, [
        { field: 'orderId', message: 'is not an order of this shop' },
      ])
    }
  }
  const now = deps.nowIso()
  const query = tx.put('queries', {
    id: deps.newId('qry'),
    shopId: shop.id,
    ticketId: `TCK-${base62(deps.random, 8).toUpperCase()}`,
    customerEmail: body.email,
    customerId: deps.rows.customers.getBy('email', `${shop.id}:${body.email}`)?.id ?? null,
    orderId: order?.id ?? null,
    subject: body.subject,
    message: body.message,
    status: 'open',
    replies: [],
    replyCount: 0,
    createdAt: now,
    updatedAt: now,
  })
  deps.events.emit(tx, shop, 'query:created', { query })
  return query
}

export function findQuery(deps: ServiceDeps, shop: ShopRecord, id: string): QueryRecord {
  const query = deps.rows.queries.get(id)
  if (!query || query.shopId !== shop.id) throw new StoreError(404, `query not found: ${id}`)
  return query
}

/** POST /_emulator/queries/:id/reply: the merchant's answer; the query becomes answered. */
export function replyToQuery(deps: ServiceDeps, tx: Tx, shop: ShopRecord, id: string, message: string): QueryRecord {
  const before = findQuery(deps, shop, id)
  const now = deps.nowIso()
  const replies = [...before.replies, { message, createdAt: now }]
  const query = tx.put('queries', {
    ...before,
    replies,
    replyCount: replies.length,
    status: 'answered',
    updatedAt: now,
  })
  deps.events.emit(tx, shop, 'query:replied', { query })
  return query
}

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
          (l) => l.productId === body.productId || deps.rows.products.get(l.productId)?.productId === body.productId,
        )
  if (!line)
    throw new StoreError(400, `productId: ${body.productId} is not a product of order ${order.orderNumber}`, [
      { field: 'productId', message: 'is not a product of this order' },
    ])
  if (deps.rows.feedback.getBy('order', `${order.id}:${line.productId}`)) {
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
    createdAt: deps.nowIso(),
  })
  deps.events.emit(tx, shop, 'feedback:received', { feedback })
  return feedback
}
