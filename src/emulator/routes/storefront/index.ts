import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { CheckoutBodySchema, CreateFeedbackBodySchema, CreateQueryBodySchema } from '../../../spec/storefront.js'
import type { Emulator } from '../../context.js'
import { readBody } from '../../middleware/validate.js'
import { presentOrder } from '../../present/orders.js'
import type { OrderRecord, ShopRecord } from '../../store/records.js'
import { listedProducts, liveProduct, shopBySlug } from '../../commerce/catalogue.js'
import { assertNotBlacklisted, checkout, type Visitor } from '../../commerce/checkout.js'
import { buildInvoice, codesText, invoicePath } from '../../commerce/invoice.js'
import { presentFeedback, presentQuery } from '../../present/queries.js'
import { createFeedback, createQuery } from '../../commerce/queries.js'
import { StoreError } from '../../../spec/errors.js'

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
function storefrontShop(emu: Emulator): MiddlewareHandler<StorefrontEnv> {
  return async (c, next) => {
    const shop = shopBySlug(emu, c.req.param('shop') ?? '')
    const visitor = visitorOf(c)
    assertNotBlacklisted(emu, shop, visitor)
    c.set('shop', shop)
    c.set('visitor', visitor)
    await next()
  }
}

/** An order of the shop by its internal id only: the invoice URL is the buyer's bearer link, ORD-<n> is guessable. */
export function invoiceOrder(emu: Emulator, shop: ShopRecord, orderId: string): OrderRecord {
  const order = emu.store.c.orders.get(orderId)
  if (!order || order.shopId !== shop.id) throw new StoreError(404, `invoice not found: ${orderId}`)
  return order
}

/**
 * The public storefront under /storefront/:shop (DESIGN.md "Storefront"; no key). JSON routes;
 * the HTML pages (shop, product, checkout form, invoice page) are routes/pages, mounted before these.
 */
export function storefrontRoutes(emu: Emulator): Hono<StorefrontEnv> {
  const app = new Hono<StorefrontEnv>()
  app.use('/:shop/*', storefrontShop(emu))

  app.get('/:shop/products', (c) => c.json({ products: listedProducts(emu, c.var.shop) }))
  app.get('/:shop/products/:id', (c) => c.json(liveProduct(emu, c.var.shop, c.req.param('id'))))

  app.post('/:shop/checkout', async (c) => {
    const body = await readBody(c, CheckoutBodySchema)
    const order = await emu.store.tx((tx) => checkout(emu, tx, c.var.shop.id, body, c.var.visitor))
    const invoiceUrl = new URL(invoicePath(c.var.shop, order), c.req.url).toString()
    return c.json({ order: presentOrder(order), invoiceUrl }, 201, { Location: invoiceUrl })
  })

  app.get('/:shop/invoices/:orderId', (c) =>
    c.json(buildInvoice(emu, c.var.shop, invoiceOrder(emu, c.var.shop, c.req.param('orderId')))),
  )
  app.get('/:shop/invoices/:orderId/codes.txt', (c) => {
    const order = invoiceOrder(emu, c.var.shop, c.req.param('orderId'))
    return c.body(codesText(order), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': `attachment; filename="${order.orderNumber}-codes.txt"`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    })
  })
  app.post('/:shop/invoices/:orderId/feedback', async (c) => {
    const body = await readBody(c, CreateFeedbackBodySchema)
    const feedback = await emu.store.tx((tx) =>
      createFeedback(emu, tx, c.var.shop, invoiceOrder(emu, c.var.shop, c.req.param('orderId')), body),
    )
    return c.json(presentFeedback(feedback), 201)
  })

  app.post('/:shop/queries', async (c) => {
    const body = await readBody(c, CreateQueryBodySchema)
    assertNotBlacklisted(emu, c.var.shop, { email: body.email })
    const query = await emu.store.tx((tx) => createQuery(emu, tx, c.var.shop, body))
    return c.json(presentQuery(query), 201)
  })
  return app
}
