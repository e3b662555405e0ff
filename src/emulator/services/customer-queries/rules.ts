// Customer queries from the storefront, tickets `TCK-…` (spec, "Events": query:created,
// query:replied); the merchant answers them through the control API.
import { StoreError } from '../../../contract/errors.js'
import type { CreateQueryBody } from '../../../contract/storefront.js'
import type { ServiceDeps } from '../common/deps.js'
import { base62 } from '../../ids.js'
import { findOrder } from '../orders/rules.js'
import type { OrderRecord, QueryRecord, ShopRecord } from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'
import { rowOfShop } from '../common/shop-rows.js'

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
  const now = deps.nowIso(shop)
  const query = tx.put('queries', {
    id: deps.newId('qry'),
    shopId: shop.id,
    ticketId: `TCK-${base62(deps.random, 8).toUpperCase()}`,
    customerEmail: body.email,
    customerId: deps.collections.customers.getBy('email', `${shop.id}:${body.email}`)?.id ?? null,
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
  return rowOfShop(deps.collections.queries, shop, id, 'query')
}

/** POST /_emulator/queries/:id/reply: the merchant's answer; the query becomes answered. */
export function replyToQuery(deps: ServiceDeps, tx: Tx, shop: ShopRecord, id: string, message: string): QueryRecord {
  const before = findQuery(deps, shop, id)
  const now = deps.nowIso(shop)
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
