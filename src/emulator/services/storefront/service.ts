import type { CheckoutBody, CreateFeedbackBody, CreateQueryBody, Invoice } from '../../../contract/storefront.js'
import type { StorefrontProduct } from '../../../contract/storefront.js'
import type { FeedbackRecord, OrderRecord, QueryRecord, ShopRecord } from '../../../contract/rows.js'
import { pageListedProducts, storefrontProduct } from './listing.js'
import { lookUpProduct } from '../catalogue/products.js'
import { StoreError } from '../../../contract/errors.js'
import { assertNotBlacklisted, checkout, type Visitor } from './checkout.js'
import { createQuery, findQuery, replyToQuery } from '../customer-queries/rules.js'
import { createFeedback } from '../feedback/rules.js'
import type { ServiceDeps } from '../common/deps.js'
import { buildInvoice, codesText } from '../orders/invoice.js'
import { rowOfShop } from '../common/shop-rows.js'

/**
 * The public storefront (DESIGN.md "Storefront"; no key): the shop by its slug, what it sells,
 * checkout, the buyer's invoice and feedback, customer queries; and the merchant's side of the
 * queries and feedback.
 */
export class StorefrontService {
  constructor(private readonly deps: ServiceDeps) {}

  /** The shop of a storefront URL (`:shop` is the slug); 404 otherwise. */
  shop(slug: string): ShopRecord {
    const shop = this.deps.collections.shops.getBy('slug', slug.toLowerCase())
    if (!shop) throw new StoreError(404, `shop not found: ${slug}`)
    return shop
  }

  /** Refuses a blacklisted visitor (by e-mail, IP or country) with 403. */
  assertAllowed(shop: ShopRecord, who: { ip?: string | null; country?: string | null; email?: string }): void {
    assertNotBlacklisted(this.deps, shop, who)
  }

  /** Live, listed products (whose name holds `search`): sortOrder first, then newest first, a page at a time. */
  products(shop: ShopRecord, query: { limit: number; cursor?: string; search?: string }) {
    return pageListedProducts(this.deps, shop, query)
  }

  /** A Live product by internal id or productId, unlisted ones included; 404 otherwise. */
  product(shop: ShopRecord, id: string): StorefrontProduct {
    const product = lookUpProduct(this.deps, shop, id)
    if (product?.status !== 'Live') throw new StoreError(404, `product not found: ${id}`)
    return storefrontProduct(this.deps, product)
  }

  /** Places an order (every check first, then every write, in one transaction). */
  checkout(shop: ShopRecord, body: CheckoutBody, visitor: Visitor): Promise<OrderRecord> {
    return this.deps.transact((tx) => checkout(this.deps, tx, shop.id, body, visitor))
  }

  /** An order of the shop by its internal id only: the invoice URL is the buyer's bearer link, ORD-<n> is guessable. */
  invoiceOrder(shop: ShopRecord, orderId: string): OrderRecord {
    return rowOfShop(this.deps.collections.orders, shop, orderId, 'invoice')
  }

  invoice(shop: ShopRecord, orderId: string): Invoice {
    return buildInvoice(shop, this.invoiceOrder(shop, orderId))
  }

  /** The invoice's codes, one per line, for `codes.txt`. */
  codes(shop: ShopRecord, orderId: string): { orderNumber: string; text: string } {
    const order = this.invoiceOrder(shop, orderId)
    return { orderNumber: order.orderNumber, text: codesText(order) }
  }

  /** A rating of one product of a paid order, once per order and product (`feedback:received`). */
  leaveFeedback(shop: ShopRecord, orderId: string, body: CreateFeedbackBody): Promise<FeedbackRecord> {
    return this.deps.transact((tx) => createFeedback(this.deps, tx, shop, this.invoiceOrder(shop, orderId), body))
  }

  /** A customer's query, a ticket `TCK-…` (`query:created`); blacklisted e-mail addresses are refused. */
  ask(shop: ShopRecord, body: CreateQueryBody): Promise<QueryRecord> {
    assertNotBlacklisted(this.deps, shop, { email: body.email })
    return this.deps.transact((tx) => createQuery(this.deps, tx, shop, body))
  }

  /** The shop's customer queries, newest first. */
  queries(shop: ShopRecord): QueryRecord[] {
    return [...this.deps.collections.queries.newestFirst('shop', shop.id)]
  }

  query(shop: ShopRecord, id: string): QueryRecord {
    return findQuery(this.deps, shop, id)
  }

  /** The merchant's answer; the query becomes answered (`query:replied`). */
  reply(shop: ShopRecord, id: string, message: string): Promise<QueryRecord> {
    return this.deps.transact((tx) => replyToQuery(this.deps, tx, shop, id, message))
  }

  /** Feedback buyers left on their invoices, newest first. */
  feedback(shop: ShopRecord): FeedbackRecord[] {
    return [...this.deps.collections.feedback.newestFirst('shop', shop.id)]
  }
}
