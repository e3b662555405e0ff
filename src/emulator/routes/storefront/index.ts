import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { z } from 'zod'
import { PRODUCT_LIMIT } from '../../../contract/products.js'
import {
  COUPON_BELOW_MINIMUM,
  COUPON_EXPIRED,
  COUPON_INACTIVE,
  COUPON_UNKNOWN,
  COUPON_USED_UP,
} from '../../../contract/coupons.js'
import { errorCases } from '../../../contract/refusals.js'
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
} from '../../../contract/storefront.js'
import { publicOriginOf } from '../../middleware/hosts.js'
import { HOST_REFUSED, type ErrorCase, json } from '../../openapi/operations.js'
import { presentOrder } from '../../services/orders/present.js'
import { presentQuery } from '../../services/customer-queries/present.js'
import { presentFeedback } from '../../services/feedback/present.js'
import type { Visitor } from '../../services/storefront/checkout.js'
import { invoicePath } from '../../services/orders/invoice.js'
import type { StorefrontService } from '../../services/storefront/service.js'
import type { ShopRecord } from '../../store/records.js'
import { type RouteDeps, mountRoutes, routeFor } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

export interface StorefrontEnv {
  Variables: { shop: ShopRecord; visitor: Visitor }
}

/**
 * Who is asking: the first `X-Forwarded-For` address, else the socket's peer; the country from
 * `CF-IPCountry` (the emulator cannot geolocate, so a proxy or a test states it). The checkout
 * body's `ip` and `country` take precedence over both.
 */
export function visitorOf(c: Context): Visitor {
  let ip = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || null
  if (!ip) {
    try {
      ip = getConnInfo(c).remote.address ?? null
    } catch {
      ip = null // in-process requests (tests, MSW) have no socket
    }
  }
  const country = c.req.header('cf-ipcountry')?.trim().toUpperCase() || null
  return { ip: ip?.replace(/^::ffff:/, '') ?? null, country: country && /^[A-Z]{2}$/.test(country) ? country : null }
}

/** Resolves `:shop` by slug and keeps blacklisted visitors out of every storefront route (403). */
function storefrontShop(storefront: StorefrontService): MiddlewareHandler<StorefrontEnv> {
  return async (c, next) => {
    const shop = storefront.shop(c.req.param('shop') ?? '')
    const visitor = visitorOf(c)
    storefront.assertAllowed(shop, visitor)
    c.set('shop', shop)
    c.set('visitor', visitor)
    await next()
  }
}

/** A route of the public storefront: `:shop` resolved, the visitor known and let in. */
export const storefrontRoute = routeFor<StorefrontEnv>()

export const SHOP_PARAM = { shop: "The shop's slug." }
export const BLACKLISTED: ErrorCase = [
  403,
  `The visitor (IP, country or e-mail) matches a blacklist entry of the shop. ${HOST_REFUSED}`,
]
/** What refuses a storefront write beyond its fields: anyone may send one, so each is bounded. */
const STOREFRONT_WRITE_LIMITS: ErrorCase[] = [
  [413, 'The body is over 64 KiB, the most a storefront write takes.'],
  [
    429,
    'Past the storefront writes allowed per visitor (`store serve --storefront-rate-limit`, 600 per 60 s by default); `Retry-After` says when to retry, in seconds.',
  ],
]

/**
 * The public storefront's JSON routes under /storefront/:shop (DESIGN.md "Storefront"; no key).
 * The HTML pages (shop, product, checkout form, invoice page) are routes/pages, mounted before these.
 */
export const STOREFRONT_ROUTES = [
  storefrontRoute(
    {
      method: 'get',
      path: '/storefront/{shop}/products',
      operationId: 'listStorefrontProducts',
      summary: 'Live products of a shop',
      description:
        'Listed Live products, paged like `GET /api/v1/products` (`limit`, `cursor`); `q` keeps those whose name holds it. A MysteryBox carries its public commitment, pool version and drop table.',
      tag: 'storefront',
      auth: false,
      params: SHOP_PARAM,
      query: StorefrontProductQuerySchema,
      ok: {
        status: 200,
        description: '`{ products: [...], nextCursor }`',
        content: json(StorefrontProductListSchema),
      },
      errors: [BLACKLISTED],
    },
    (c, { services, query: { limit, cursor, q } }) =>
      answerJson(
        c,
        services.storefront.products(c.get('shop'), { limit: limit ?? PRODUCT_LIMIT.default, cursor, search: q }),
      ),
  ),
  storefrontRoute(
    {
      method: 'get',
      path: '/storefront/{shop}/products/{id}',
      operationId: 'getStorefrontProduct',
      summary: 'One Live product',
      description: 'Unlisted products too, by direct id.',
      tag: 'storefront',
      auth: false,
      params: { ...SHOP_PARAM, id: 'The product id or its `rec_…` productId.' },
      ok: { status: 200, description: 'The product.', content: json(StorefrontProductSchema) },
      errors: [BLACKLISTED],
    },
    (c, { services, params }) => answerJson(c, services.storefront.product(c.get('shop'), params.id)),
  ),
  storefrontRoute(
    {
      method: 'post',
      path: '/storefront/{shop}/checkout',
      operationId: 'checkout',
      summary: 'Check out',
      description:
        "Either `items` or `groupId`. Prices: line totals, the group's `discountPercent`, then the coupon, rounded to cents, never negative. The order is `pending` and unpaid; pay it with `POST /_emulator/orders/{id}/pay`. A mystery client seed goes in `customFields.__mysteryClientSeed`.",
      tag: 'storefront',
      auth: false,
      params: SHOP_PARAM,
      body: CheckoutBodySchema,
      ok: {
        status: 201,
        description: 'The order and its invoice URL (also in `Location`).',
        content: json(CheckoutResponseSchema),
      },
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
    async (c, { services, options, body }) => {
      const order = await services.storefront.checkout(c.get('shop'), await body(), c.get('visitor'))
      const invoiceUrl = new URL(invoicePath(c.get('shop'), order), publicOriginOf(c, options.publicOrigin)).toString()
      return answerJson(c, { order: presentOrder(order), invoiceUrl }, 201, { Location: invoiceUrl })
    },
  ),
  storefrontRoute(
    {
      method: 'get',
      path: '/storefront/{shop}/invoices/{orderId}',
      operationId: 'getInvoice',
      summary: 'The invoice',
      description:
        'JSON when `Accept` asks for JSON and not HTML (or with the query `?format=json`), the invoice page otherwise: deliveries, tracking, and every mystery open with its verification fields.',
      tag: 'storefront',
      auth: false,
      params: {
        ...SHOP_PARAM,
        orderId: 'The internal order id (order numbers are guessable, so they are not accepted).',
      },
      ok: {
        status: 200,
        description: 'The invoice.',
        content: { ...json(InvoiceSchema), 'text/html': z.string().meta({ description: 'The invoice page.' }) },
      },
      errors: [BLACKLISTED],
      pages: true,
    },
    // The page is routes/pages' (storefrontPageRoutes), which hands JSON requests on to this.
    (c, { services, params }) => answerJson(c, services.storefront.invoice(c.get('shop'), params.orderId)),
  ),
  storefrontRoute(
    {
      method: 'get',
      path: '/storefront/{shop}/invoices/{orderId}/codes.txt',
      operationId: 'getInvoiceCodes',
      summary: 'Bulk code export',
      description: 'Raw codes only, one per line, without product-name prefixes.',
      tag: 'storefront',
      auth: false,
      params: { ...SHOP_PARAM, orderId: 'The internal order id.' },
      ok: { status: 200, description: 'The codes.', content: { 'text/plain': z.string() } },
      errors: [BLACKLISTED],
    },
    (c, { services, params }) => {
      const { orderNumber, text } = services.storefront.codes(c.get('shop'), params.orderId)
      return c.body(text, 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="${orderNumber}-codes.txt"`,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Content-Type-Options': 'nosniff',
      })
    },
  ),
  storefrontRoute(
    {
      method: 'post',
      path: '/storefront/{shop}/invoices/{orderId}/feedback',
      operationId: 'leaveFeedback',
      summary: 'Leave feedback',
      description: 'A rating of one product of a paid order (`feedback:received`). One per product per order.',
      tag: 'storefront',
      auth: false,
      params: { ...SHOP_PARAM, orderId: 'The internal order id.' },
      body: CreateFeedbackBodySchema,
      ok: { status: 201, description: 'The feedback.', content: json(FeedbackSchema) },
      errors: [
        BLACKLISTED,
        [409, 'The order is not paid, or this product already has feedback.'],
        ...STOREFRONT_WRITE_LIMITS,
      ],
    },
    async (c, { services, params, body }) =>
      answerJson(
        c,
        presentFeedback(await services.storefront.leaveFeedback(c.get('shop'), params.orderId, await body())),
        201,
      ),
  ),
  storefrontRoute(
    {
      method: 'post',
      path: '/storefront/{shop}/queries',
      operationId: 'askQuery',
      summary: 'Ask the merchant',
      description: 'A customer query (`query:created`).',
      tag: 'storefront',
      auth: false,
      params: SHOP_PARAM,
      body: CreateQueryBodySchema,
      ok: { status: 201, description: 'The query.', content: json(QuerySchema) },
      errors: [BLACKLISTED, ...STOREFRONT_WRITE_LIMITS],
    },
    async (c, { services, body }) =>
      answerJson(c, presentQuery(await services.storefront.ask(c.get('shop'), await body())), 201),
  ),
]

/** Mounts the storefront's JSON routes (at /storefront), each behind the shop and blacklist check. */
export function storefrontRoutes(deps: RouteDeps): Hono<StorefrontEnv> {
  const app = new Hono<StorefrontEnv>()
  app.use('/:shop/*', storefrontShop(deps.services.storefront))
  return mountRoutes(app, STOREFRONT_ROUTES, deps, '/storefront')
}
