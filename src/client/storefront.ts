// What a customer does, on the emulator's public storefront (DESIGN.md, "Storefront"): no key.
import type { z } from 'zod'
import {
  CheckoutResponseSchema,
  InvoiceSchema,
  StorefrontProductListSchema,
  StorefrontProductSchema,
  type CheckoutBodySchema,
} from '../spec/storefront.js'
import { segment, type Http } from './http.js'

export function storefront(http: Http) {
  const open = <S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown) =>
    http.request(method, `/storefront${path}`, { root: 'origin', auth: false, body, schema })
  return {
    /** Live products of the shop (by slug); a MysteryBox carries its published commitment and odds. */
    listProducts: (shop: string) => open('GET', `/${segment(shop)}/products`, StorefrontProductListSchema),
    getProduct: (shop: string, id: string) =>
      open('GET', `/${segment(shop)}/products/${segment(id)}`, StorefrontProductSchema),
    /** A pending, unpaid order and its invoice URL (201). A mystery client seed goes in `customFields.__mysteryClientSeed`. */
    checkout: (shop: string, body: z.input<typeof CheckoutBodySchema>) =>
      open('POST', `/${segment(shop)}/checkout`, CheckoutResponseSchema, body),
    /** The invoice as JSON: deliveries, tracking, mystery reveals with every verification field. */
    invoice: (shop: string, orderId: string) =>
      open('GET', `/${segment(shop)}/invoices/${segment(orderId)}`, InvoiceSchema),
    /** The bulk export: raw codes only, one per line. */
    codes: (shop: string, orderId: string) =>
      http.request('GET', `/storefront/${segment(shop)}/invoices/${segment(orderId)}/codes.txt`, {
        root: 'origin',
        auth: false,
        as: 'text',
      }) as Promise<string>,
  }
}
export type StorefrontClient = ReturnType<typeof storefront>
