import { z } from 'zod'
import { COUPON_BELOW_MINIMUM, COUPON_EXPIRED, COUPON_INACTIVE, COUPON_UNKNOWN, COUPON_USED_UP } from '../../coupons.js'
import { GroupSchema } from '../../groups.js'
import { errorCases } from '../../refusals.js'
import {
  CheckoutBodySchema,
  GROUP_EMPTY,
  INFO_CARD_NOT_FOR_SALE,
  LISTED_TWICE,
  MIXED_CURRENCIES,
  NO_DROP_TABLE,
  OUT_OF_STOCK,
  CheckoutResponseSchema,
  CreateFeedbackBodySchema,
  CreateQueryBodySchema,
  FeedbackSchema,
  InvoiceSchema,
  QuerySchema,
  StorefrontProductListSchema,
  StorefrontProductQuerySchema,
  StorefrontProductSchema,
} from '../../storefront.js'
import { answer, type ErrorCase, HOST_REFUSED, area, json } from '../operation.js'

const SHOP_PARAM = { shop: "The shop's slug." }
const BLACKLISTED: ErrorCase = [
  403,
  `The visitor (IP, country or e-mail) matches a blacklist entry of the shop. ${HOST_REFUSED}`,
]
/** Public: no key; a blacklisted visitor is refused. */
const STOREFRONT = { tag: 'storefront', auth: false, errors: [BLACKLISTED] } as const
/** What refuses a storefront write beyond its fields: anyone may send one, so each is bounded. */
const STOREFRONT_WRITE_LIMITS: ErrorCase[] = [
  [413, 'The body is over 64 KiB, the most a storefront write takes.'],
  [
    429,
    'Past the storefront writes allowed per visitor (`store serve --storefront-rate-limit`, 600 per 60 s by default); `Retry-After` says when to retry, in seconds.',
  ],
]

/**
 * The public storefront under /storefront/{shop} (DESIGN.md "Storefront"; no key): its JSON
 * operations, the one read the embeddable checkout needs (a group by id), and the shop's
 * stylesheet. The HTML pages (shop, product, checkout form, invoice page) are no operations.
 */
export const STOREFRONT_OPERATIONS = area(STOREFRONT, {
  listStorefrontProducts: {
    method: 'get',
    path: '/storefront/{shop}/products',
    summary: 'Live products of a shop',
    description:
      'Listed Live products, paged like `GET /api/v1/products` (`limit`, `cursor`); `q` keeps those whose name holds it. A MysteryBox carries its public commitment, pool version and drop table.',
    params: SHOP_PARAM,
    query: StorefrontProductQuerySchema,
    ok: answer(200, '`{ products: [...], nextCursor }`', StorefrontProductListSchema),
  },
  getStorefrontProduct: {
    method: 'get',
    path: '/storefront/{shop}/products/{id}',
    summary: 'One Live product',
    description: 'Unlisted products too, by direct id.',
    params: { ...SHOP_PARAM, id: 'The product id or its `rec_…` productId.' },
    ok: answer(200, 'The product.', StorefrontProductSchema),
  },
  checkout: {
    method: 'post',
    path: '/storefront/{shop}/checkout',
    summary: 'Check out',
    description:
      "Either `items` or `groupId`. Prices: line totals, the group's `discountPercent`, then the coupon, rounded to cents, never negative. The order is `pending` and unpaid; pay it with `POST /_emulator/orders/{id}/pay`. A mystery client seed goes in `customFields.__mysteryClientSeed`.",
    params: SHOP_PARAM,
    body: CheckoutBodySchema,
    ok: answer(201, 'The order and its invoice URL (also in `Location`).', CheckoutResponseSchema),
    errors: [
      ...errorCases(
        COUPON_UNKNOWN,
        COUPON_INACTIVE,
        COUPON_EXPIRED,
        COUPON_BELOW_MINIMUM,
        INFO_CARD_NOT_FOR_SALE,
        MIXED_CURRENCIES,
        LISTED_TWICE,
        GROUP_EMPTY,
        OUT_OF_STOCK,
        COUPON_USED_UP,
        NO_DROP_TABLE,
      ),
      BLACKLISTED,
      [404, 'Unknown shop, or an unknown, Draft or Archived product or group.'],
      ...STOREFRONT_WRITE_LIMITS,
    ],
  },
  getInvoice: {
    method: 'get',
    path: '/storefront/{shop}/invoices/{orderId}',
    summary: 'The invoice',
    description:
      'JSON when `Accept` asks for JSON and not HTML (or with the query `?format=json`), the invoice page otherwise: deliveries, tracking, and every mystery open with its verification fields.',
    params: {
      ...SHOP_PARAM,
      orderId: 'The internal order id (order numbers are guessable, so they are not accepted).',
    },
    ok: {
      status: 200,
      description: 'The invoice.',
      content: { ...json(InvoiceSchema), 'text/html': z.string().meta({ description: 'The invoice page.' }) },
    },
    pages: true,
  },
  getInvoiceCodes: {
    method: 'get',
    path: '/storefront/{shop}/invoices/{orderId}/codes.txt',
    summary: 'Bulk code export',
    description: 'Raw codes only, one per line, without product-name prefixes.',
    params: { ...SHOP_PARAM, orderId: 'The internal order id.' },
    ok: { status: 200, description: 'The codes.', content: { 'text/plain': z.string() } },
  },
  leaveFeedback: {
    method: 'post',
    path: '/storefront/{shop}/invoices/{orderId}/feedback',
    summary: 'Leave feedback',
    description: 'A rating of one product of a paid order (`feedback:received`). One per product per order.',
    params: { ...SHOP_PARAM, orderId: 'The internal order id.' },
    body: CreateFeedbackBodySchema,
    ok: answer(201, 'The feedback.', FeedbackSchema),
    errors: [
      BLACKLISTED,
      [409, 'The order is not paid, or this product already has feedback.'],
      ...STOREFRONT_WRITE_LIMITS,
    ],
  },
  askQuery: {
    method: 'post',
    path: '/storefront/{shop}/queries',
    summary: 'Ask the merchant',
    description: 'A customer query (`query:created`).',
    params: SHOP_PARAM,
    body: CreateQueryBodySchema,
    ok: answer(201, 'The query.', QuerySchema),
    errors: [BLACKLISTED, ...STOREFRONT_WRITE_LIMITS],
  },
  getStorefrontGroup: {
    method: 'get',
    path: '/storefront/{shop}/groups/{id}',
    summary: 'One group (for the embed)',
    params: { ...SHOP_PARAM, id: "The group's id." },
    ok: answer(200, 'The group with its products.', GroupSchema),
  },
  getStorefrontThemeCss: {
    method: 'get',
    path: '/storefront/{shop}/theme.css',
    summary: "The shop's theme as CSS",
    description: "The active theme's colors, layout and custom CSS, as the storefront pages load them.",
    params: SHOP_PARAM,
    ok: { status: 200, description: 'The stylesheet.', content: { 'text/css': z.string() } },
    pages: true,
  },
})
