// What a customer does, on the emulator's public storefront (DESIGN.md, "Storefront"): no key,
// except to look an `ORD-` number up (the invoice link itself carries the internal id).
import type {
  CheckoutInput,
  CreateFeedbackInput,
  CreateQueryInput,
  StorefrontProductQuery,
} from '../contract/storefront.js'
import type { CallOptions, Http } from './http.js'

const ORDER_NUMBER = /^ORD-\d+$/i

export type StorefrontClient = ReturnType<typeof storefront>

export function storefront(http: Http) {
  type Opts = CallOptions
  /** The invoice routes take the internal id only (an `ORD-` number is guessable); the API maps one to the other. */
  const orderIdOf = async (order: string, options: Opts): Promise<string> => {
    if (!ORDER_NUMBER.test(order)) return order
    return (await http.call('getOrder', { ...options, params: { id: order.toUpperCase() } })).id
  }
  return {
    /**
     * Live products of the shop (by slug), a page at a time (`limit`, `cursor`), searched with `q`;
     * a MysteryBox carries its published commitment and odds.
     */
    listProducts: (shop: string, query: StorefrontProductQuery = {}, options: Opts = {}) =>
      http.call('listStorefrontProducts', { ...options, params: { shop }, query }),
    getProduct: (shop: string, id: string, options: Opts = {}) =>
      http.call('getStorefrontProduct', { ...options, params: { shop, id } }),
    /** A group (bundle) with its products, as the embed's checkout reads it. */
    getGroup: (shop: string, id: string, options: Opts = {}) =>
      http.call('getStorefrontGroup', { ...options, params: { shop, id } }),
    /** A pending, unpaid order and its invoice URL. A mystery client seed goes in `customFields.__mysteryClientSeed`. */
    checkout: (shop: string, body: CheckoutInput, options: Opts = {}) =>
      http.call('checkout', { ...options, params: { shop }, body }),
    /**
     * The invoice as JSON: deliveries, tracking, mystery reveals with every verification field.
     * `order` is the order's id, or its `ORD-` number (looked up with the client's key).
     */
    invoice: async (shop: string, order: string, options: Opts = {}) =>
      http.call('getInvoice', { ...options, params: { shop, orderId: await orderIdOf(order, options) } }),
    /** The bulk export: raw codes only, one per line. `order` as for `invoice`. */
    codes: async (shop: string, order: string, options: Opts = {}) =>
      http.call('getInvoiceCodes', { ...options, params: { shop, orderId: await orderIdOf(order, options) } }),
    /** A customer's question to the merchant (`query:created`). */
    sendQuery: (shop: string, body: CreateQueryInput, options: Opts = {}) =>
      http.call('askQuery', { ...options, params: { shop }, body }),
    /** The buyer's rating of a paid order (`feedback:received`). `order` as for `invoice`. */
    leaveFeedback: async (shop: string, order: string, body: CreateFeedbackInput, options: Opts = {}) =>
      http.call('leaveFeedback', { ...options, params: { shop, orderId: await orderIdOf(order, options) }, body }),
  }
}
