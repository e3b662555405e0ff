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
import { segment, type CallOptions, type Http } from './http.js'

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
  const at = (shop: string, path: string) => `/storefront/${segment(shop)}${path}`
  const open = { root: 'origin', auth: false } as const
  /** The invoice routes take the internal id only (an `ORD-` number is guessable); the API maps one to the other. */
  const orderIdOf = async (order: string, options: CallOptions): Promise<string> => {
    if (!ORDER_NUMBER.test(order)) return order
    return (await http.request('GET', `/orders/${segment(order.toUpperCase())}`, { ...options, schema: 'Order' })).id
  }
  return {
    listProducts: (shop, query = {}, options = {}) =>
      http.request('GET', at(shop, '/products'), { ...options, ...open, query, schema: 'StorefrontProductList' }),
    getProduct: (shop, id, options = {}) =>
      http.request('GET', at(shop, `/products/${segment(id)}`), { ...options, ...open, schema: 'StorefrontProduct' }),
    getGroup: (shop, id, options = {}) =>
      http.request('GET', at(shop, `/groups/${segment(id)}`), { ...options, ...open, schema: 'Group' }),
    checkout: (shop, body, options = {}) =>
      http.request('POST', at(shop, '/checkout'), { ...options, ...open, body, schema: 'CheckoutResponse' }),
    invoice: async (shop, order, options = {}) =>
      http.request('GET', at(shop, `/invoices/${segment(await orderIdOf(order, options))}`), {
        ...options,
        ...open,
        schema: 'Invoice',
      }),
    codes: async (shop, order, options = {}) =>
      (await http.request('GET', at(shop, `/invoices/${segment(await orderIdOf(order, options))}/codes.txt`), {
        ...options,
        ...open,
        as: 'text',
      })) as string,
    sendQuery: (shop, body, options = {}) =>
      http.request('POST', at(shop, '/queries'), { ...options, ...open, body, schema: 'Query' }),
    leaveFeedback: async (shop, order, body, options = {}) =>
      http.request('POST', at(shop, `/invoices/${segment(await orderIdOf(order, options))}/feedback`), {
        ...options,
        ...open,
        body,
        schema: 'Feedback',
      }),
  }
}
