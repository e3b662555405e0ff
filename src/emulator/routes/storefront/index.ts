import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { PRODUCT_LIMIT } from '../../../spec/products.js'
import {
  CheckoutBodySchema,
  CreateFeedbackBodySchema,
  CreateQueryBodySchema,
  StorefrontProductQuerySchema,
} from '../../../spec/storefront.js'
import type { EmulatorDeps } from '../../deps.js'
import { publicOriginOf } from '../../middleware/hosts.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { presentOrder } from '../../present/orders.js'
import { presentFeedback, presentQuery } from '../../present/queries.js'
import type { Visitor } from '../../services/checkout/checkout.js'
import type { Services } from '../../services/index.js'
import { invoicePath } from '../../services/orders/invoice.js'
import type { StorefrontService } from '../../services/storefront.js'
import type { ShopRecord } from '../../store/records.js'

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

/**
 * The public storefront under /storefront/:shop (DESIGN.md "Storefront"; no key). JSON routes;
 * the HTML pages (shop, product, checkout form, invoice page) are routes/pages, mounted before these.
 */
export function storefrontRoutes(
  { storefront }: Services,
  { options }: Pick<EmulatorDeps, 'options'>,
): Hono<StorefrontEnv> {
  const app = new Hono<StorefrontEnv>()
  app.use('/:shop/*', storefrontShop(storefront))

  app.get('/:shop/products', (c) => {
    const { limit, cursor, q } = parseQuery(c, StorefrontProductQuerySchema)
    return c.json(storefront.products(c.var.shop, { limit: limit ?? PRODUCT_LIMIT.default, cursor, search: q }))
  })
  app.get('/:shop/products/:id', (c) => c.json(storefront.product(c.var.shop, c.req.param('id'))))

  app.post('/:shop/checkout', async (c) => {
    const body = await readBody(c, CheckoutBodySchema)
    const order = await storefront.checkout(c.var.shop, body, c.var.visitor)
    const invoiceUrl = new URL(invoicePath(c.var.shop, order), publicOriginOf(c, options.publicOrigin)).toString()
    return c.json({ order: presentOrder(order), invoiceUrl }, 201, { Location: invoiceUrl })
  })

  app.get('/:shop/invoices/:orderId', (c) => c.json(storefront.invoice(c.var.shop, c.req.param('orderId'))))
  app.get('/:shop/invoices/:orderId/codes.txt', (c) => {
    const { orderNumber, text } = storefront.codes(c.var.shop, c.req.param('orderId'))
    return c.body(text, 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': `attachment; filename="${orderNumber}-codes.txt"`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    })
  })
  app.post('/:shop/invoices/:orderId/feedback', async (c) => {
    const body = await readBody(c, CreateFeedbackBodySchema)
    return c.json(presentFeedback(await storefront.leaveFeedback(c.var.shop, c.req.param('orderId'), body)), 201)
  })

  app.post('/:shop/queries', async (c) => {
    const body = await readBody(c, CreateQueryBodySchema)
    return c.json(presentQuery(await storefront.ask(c.var.shop, body)), 201)
  })
  return app
}
