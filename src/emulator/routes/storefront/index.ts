import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { PRODUCT_LIMIT } from '../../../contract/products.js'
import { publicOriginOf } from '../../middleware/hosts.js'
import { answerJson } from '../../inspector/answer.js'
import { presentOrder } from '../../services/orders/present.js'
import { presentQuery } from '../../services/customer-queries/present.js'
import { presentFeedback } from '../../services/feedback/present.js'
import type { Visitor } from '../../services/storefront/checkout.js'
import { invoicePath } from '../../services/orders/invoice.js'
import type { StorefrontService } from '../../services/storefront/service.js'
import type { ShopRecord } from '../../../contract/rows.js'
import { type RouteDeps, handlersFor, mountRoutes } from '../route.js'

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

/** Handlers of the public storefront: `:shop` resolved, the visitor known and let in. */
export const storefrontHandlers = handlersFor<StorefrontEnv>()({
  listStorefrontProducts: (c, { services, query: { limit, cursor, q } }) =>
    services.storefront.products(c.get('shop'), { limit: limit ?? PRODUCT_LIMIT.default, cursor, search: q }),
  getStorefrontProduct: (c, { services, params }) => services.storefront.product(c.get('shop'), params.id),
  checkout: async (c, { services, options, body }) => {
    const order = await services.storefront.checkout(c.get('shop'), await body(), c.get('visitor'))
    const invoiceUrl = new URL(invoicePath(c.get('shop'), order), publicOriginOf(c, options.publicOrigin)).toString()
    return answerJson(c, { order: presentOrder(order), invoiceUrl }, 201, { Location: invoiceUrl })
  },
  // The page is routes/pages' (storefrontPageRoutes), which hands JSON requests on to this.
  getInvoice: (c, { services, params }) => services.storefront.invoice(c.get('shop'), params.orderId),
  getInvoiceCodes: (c, { services, params }) => {
    const { orderNumber, text } = services.storefront.codes(c.get('shop'), params.orderId)
    return c.body(text, 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': `attachment; filename="${orderNumber}-codes.txt"`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    })
  },
  leaveFeedback: async (c, { services, params, body }) =>
    presentFeedback(await services.storefront.leaveFeedback(c.get('shop'), params.orderId, await body())),
  askQuery: async (c, { services, body }) => presentQuery(await services.storefront.ask(c.get('shop'), await body())),
})

/** Mounts the storefront's JSON routes (at /storefront), each behind the shop and blacklist check. */
export function storefrontRoutes(deps: RouteDeps): Hono<StorefrontEnv> {
  const app = new Hono<StorefrontEnv>()
  app.use('/:shop/*', storefrontShop(deps.services.storefront))
  return mountRoutes(app, storefrontHandlers, deps, '/storefront')
}
