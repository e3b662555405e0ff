// What a customer does, on the emulator's public storefront (DESIGN.md, "Storefront"): no key,
// except to look an `ORD-` number up (the invoice link itself carries the internal id).
import type { Group } from '../contract/groups.js'
import type {
  CheckoutInput,
  CheckoutResponse,
  CreateFeedbackInput,
  CreateQueryInput,
  Feedback,
  Invoice,
  Query,
  StorefrontProduct,
  StorefrontProductList,
  StorefrontProductQuery,
} from '../contract/storefront.js'
import type { CallOptions, Http } from './http.js'

export interface StorefrontClient {
  /**
   * Live products of the shop (by slug), a page at a time (`limit`, `cursor`), searched with `q`;
   * a MysteryBox carries its published commitment and odds.
   */
  listProducts(shop: string, query?: StorefrontProductQuery, options?: CallOptions): Promise<StorefrontProductList>
  getProduct(shop: string, id: string, options?: CallOptions): Promise<StorefrontProduct>
  /** A group (bundle) with its products, as the embed's checkout reads it. */
  getGroup(shop: string, id: string, options?: CallOptions): Promise<Group>
  /** A pending, unpaid order and its invoice URL. A mystery client seed goes in `customFields.__mysteryClientSeed`. */
  checkout(shop: string, body: CheckoutInput, options?: CallOptions): Promise<CheckoutResponse>
  /**
   * The invoice as JSON: deliveries, tracking, mystery reveals with every verification field.
   * `order` is the order's id, or its `ORD-` number (looked up with the client's key).
   */
  invoice(shop: string, order: string, options?: CallOptions): Promise<Invoice>
  /** The bulk export: raw codes only, one per line. `order` as for {@link StorefrontClient.invoice}. */
  codes(shop: string, order: string, options?: CallOptions): Promise<string>
  /** A customer's question to the merchant (`query:created`). */
  sendQuery(shop: string, body: CreateQueryInput, options?: CallOptions): Promise<Query>
  /** The buyer's rating of a paid order (`feedback:received`). `order` as for {@link StorefrontClient.invoice}. */
  leaveFeedback(shop: string, order: string, body: CreateFeedbackInput, options?: CallOptions): Promise<Feedback>
}

const ORDER_NUMBER = /^ORD-\d+$/i

export function storefront(http: Http): StorefrontClient {
  /** The invoice routes take the internal id only (an `ORD-` number is guessable); the API maps one to the other. */
  const orderIdOf = async (order: string, options: CallOptions): Promise<string> => {
    if (!ORDER_NUMBER.test(order)) return order
    return (await http.call('getOrder', { ...options, params: { id: order.toUpperCase() } })).id
  }
  return {
    listProducts: (shop, query = {}, options = {}) =>
      http.call('listStorefrontProducts', { ...options, params: { shop }, query }),
    getProduct: (shop, id, options = {}) => http.call('getStorefrontProduct', { ...options, params: { shop, id } }),
    getGroup: (shop, id, options = {}) => http.call('getStorefrontGroup', { ...options, params: { shop, id } }),
    checkout: (shop, body, options = {}) => http.call('checkout', { ...options, params: { shop }, body }),
    invoice: async (shop, order, options = {}) =>
      http.call('getInvoice', { ...options, params: { shop, orderId: await orderIdOf(order, options) } }),
    codes: async (shop, order, options = {}) =>
      http.call('getInvoiceCodes', { ...options, params: { shop, orderId: await orderIdOf(order, options) } }),
    sendQuery: (shop, body, options = {}) => http.call('askQuery', { ...options, params: { shop }, body }),
    leaveFeedback: async (shop, order, body, options = {}) =>
      http.call('leaveFeedback', { ...options, params: { shop, orderId: await orderIdOf(order, options) }, body }),
  }
}
