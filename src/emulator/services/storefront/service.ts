import { StoreError } from '../../../contract/errors.js'
import type { FeedbackRecord, OrderRecord, QueryRecord, ShopRecord } from '../../../contract/rows.js'
import type {
  CheckoutBody,
  CreateFeedbackBody,
  CreateQueryBody,
  Invoice,
  StorefrontProduct,
} from '../../../contract/storefront.js'
import type { Group } from '../../../contract/groups.js'
import { base62 } from '../../ids.js'
import { groupRules } from '../groups/rules.js'
import { presentGroup } from '../groups/present.js'
import { lookUpProduct } from '../catalogue/products.js'
import type { ServiceDeps } from '../common/deps.js'
import { rowOfShop } from '../common/shop-rows.js'
import { buildInvoice, codesText } from '../orders/invoice.js'
import { findOrder } from '../orders/rules.js'
import { assertNotBlacklisted } from '../blacklists/rules.js'
import { checkout, type Visitor } from './checkout.js'
import { pageListedProducts, storefrontProduct } from './listing.js'

/** The public storefront (DESIGN.md "Storefront"; no key), and the merchant's side of its queries and feedback. */
export class StorefrontService {
  constructor(private readonly deps: ServiceDeps) {}

  shop(slug: string): ShopRecord {
    const shop = this.deps.collections.shops.getBy('slug', slug.toLowerCase())
    if (!shop) throw new StoreError(404, `shop not found: ${slug}`)
    return shop
  }

  assertAllowed(shop: ShopRecord, who: { ip?: string | null; country?: string | null; email?: string }): void {
    assertNotBlacklisted(this.deps, shop, who)
  }

  products(shop: ShopRecord, query: { limit: number; cursor?: string; search?: string }) {
    return pageListedProducts(this.deps, shop, query)
  }

  /** Listed bundles whose products are all Live (one with a Draft product cannot be bought), named like `search`. */
  groups(shop: ShopRecord, search = ''): Group[] {
    const needle = search.toLowerCase()
    const isLive = (id: string) => this.deps.collections.products.get(id)?.status === 'Live'
    return groupRules
      .list(this.deps, shop)
      .map((row) => presentGroup(this.deps, shop, row))
      .filter(
        (g) =>
          !g.unlisted &&
          g.name.toLowerCase().includes(needle) &&
          g.products.length > 0 &&
          g.products.every((p) => isLive(p.id)),
      )
  }

  /** Whether any product of a bundle is a MysteryBox (the checkout then offers a client seed). */
  groupHasMystery(group: Group): boolean {
    return group.products.some((p) => this.deps.collections.products.get(p.id)?.type === 'MysteryBox')
  }

  /** A Live product by internal id or productId, unlisted ones included; 404 otherwise. */
  product(shop: ShopRecord, id: string): StorefrontProduct {
    const product = lookUpProduct(this.deps, shop, id)
    if (product?.status !== 'Live') throw new StoreError(404, `product not found: ${id}`)
    return storefrontProduct(this.deps, product)
  }

  checkout(shop: ShopRecord, body: CheckoutBody, visitor: Visitor): Promise<OrderRecord> {
    return this.deps.transact((tx) => checkout(this.deps, tx, shop, body, visitor))
  }

  /** An order of the shop by its internal id only: the invoice URL is the buyer's bearer link, ORD-<n> is guessable. */
  invoiceOrder(shop: ShopRecord, orderId: string): OrderRecord {
    return rowOfShop(this.deps.collections.orders, shop, orderId, 'invoice')
  }

  invoice(shop: ShopRecord, orderId: string): Invoice {
    return buildInvoice(shop, this.invoiceOrder(shop, orderId))
  }

  codes(shop: ShopRecord, orderId: string): { orderNumber: string; text: string } {
    const order = this.invoiceOrder(shop, orderId)
    return { orderNumber: order.orderNumber, text: codesText(order) }
  }

  leaveFeedback(shop: ShopRecord, orderId: string, body: CreateFeedbackBody): Promise<FeedbackRecord> {
    const deps = this.deps
    return deps.transact((tx) => {
      const order = this.invoiceOrder(shop, orderId)
      if (order.paymentStatus !== 'paid')
        throw new StoreError(409, `order ${order.orderNumber} is not paid; feedback follows a purchase`)
      const line =
        body.productId === undefined
          ? order.items[0]
          : order.items.find(
              (l) =>
                l.productId === body.productId ||
                deps.collections.products.get(l.productId)?.productId === body.productId,
            )
      if (!line)
        throw new StoreError(400, `productId: ${body.productId} is not a product of order ${order.orderNumber}`, [
          { field: 'productId', message: 'is not a product of this order' },
        ])
      if (deps.collections.feedback.getBy('order', `${order.id}:${line.productId}`))
        throw new StoreError(409, `feedback for "${line.productName}" on order ${order.orderNumber} was already left`)
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
    })
  }

  ask(shop: ShopRecord, body: CreateQueryBody): Promise<QueryRecord> {
    const deps = this.deps
    assertNotBlacklisted(deps, shop, { email: body.email })
    return deps.transact((tx) => {
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
    })
  }

  queries(shop: ShopRecord): QueryRecord[] {
    return [...this.deps.collections.queries.newestFirst('shop', shop.id)]
  }

  query(shop: ShopRecord, id: string): QueryRecord {
    return rowOfShop(this.deps.collections.queries, shop, id, 'query')
  }

  reply(shop: ShopRecord, id: string, message: string): Promise<QueryRecord> {
    const deps = this.deps
    return deps.transact((tx) => {
      const before = this.query(shop, id)
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
    })
  }

  feedback(shop: ShopRecord): FeedbackRecord[] {
    return [...this.deps.collections.feedback.newestFirst('shop', shop.id)]
  }
}
