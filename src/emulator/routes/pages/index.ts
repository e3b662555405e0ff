import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Hono, type Context } from 'hono'
import * as z from 'zod'
import { StoreError } from '../../../contract/errors.js'
import type { Log } from '../../deps.js'
import type { ShopRecord } from '../../../contract/rows.js'
import { type RouteDeps, mountRoutes, publicHandlers } from '../route.js'
import { visitorOf } from '../storefront/index.js'
import { renderPage } from '../../pages/layout.js'
import { pageErrors } from '../../pages/errors.js'
import { CheckoutPage, ProductPage, SHOP_PAGE_SIZE, ShopPage } from '../../pages/storefront/catalogue.js'
import type { ShopView } from '../../pages/storefront/shell.js'
import { themeCss, themeView } from '../../pages/storefront/theme.js'
import { parseQuery } from '../../middleware/validate.js'
import { StorefrontProductQuerySchema } from '../../../contract/storefront.js'
import { InvoicePage } from '../../pages/storefront/invoice.js'
import type { Group } from '../../../contract/groups.js'
import type { Services } from '../../services/index.js'

const CSS = 'text/css; charset=utf-8'
const JS = 'text/javascript; charset=utf-8'

/** A bundle by id (unlisted ones too: reachable by direct link); 404 otherwise. */
const groupById = (services: Services, shop: ShopRecord, id: string): Group =>
  services.groups.present(shop, services.groups.get(shop, id))

/** The shop page's page size is fixed. */
const ShopPageQuerySchema = StorefrontProductQuerySchema.omit({ limit: true })
/** Anything but a count reads as a quantity of 1. */
const CheckoutPageQuerySchema = z.object({
  product: z.string().optional(),
  group: z.string().optional(),
  quantity: z.coerce.number().int().min(1).catch(1),
})

const typeOf = (file: string) => (file.endsWith('.css') ? CSS : JS)
const STATIC = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' }

// src/ and dist/ sit side by side at the package root, so this resolves from either.
const BUNDLES = new URL('../../../../dist/browser/', import.meta.url)

/**
 * One bundle (`pages.js`, `embed.css`, …) as `npm run build` made it from src/browser.
 * @throws Error naming the missing file and `npm run build` when the bundles were not built
 */
export function readBrowserAsset(file: string, dir: URL = BUNDLES): string {
  const bundle = new URL(file, dir)
  try {
    return readFileSync(bundle, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    throw new Error(`the browser bundle ${fileURLToPath(bundle)} is missing: run \`npm run build\` to bundle it`)
  }
}

/** A bundle of src/browser, read when the app is built; Swagger UI's (`dir`), on first use. */
function asset(file: string, headers: Record<string, string> = {}, dir?: URL) {
  let body = dir ? undefined : readBrowserAsset(file)
  return (c: Context) =>
    c.body((body ??= readBrowserAsset(file, dir)), 200, { 'Content-Type': typeOf(file), ...STATIC, ...headers })
}

/** `npm run build` copies Swagger UI's files here from swagger-ui-dist (a dev dependency). */
const SWAGGER_UI = new URL('../../../../dist/browser/swagger-ui/', import.meta.url)

/** Where the reference page finds Swagger UI under /_assets: versioned, so it can be cached for good. */
export function swaggerUiAssetPath(): string {
  return `swagger-ui/${(JSON.parse(readBrowserAsset('version.json', SWAGGER_UI)) as { version: string }).version}`
}

/** Public (the login page needs them); Swagger UI is served from its copy: offline and within the pages' CSP. */
export function assetRoutes(): Hono {
  const app = new Hono()
  for (const file of ['pages.css', 'pages.js', 'verify.js', 'reference.js', 'reference.css'])
    app.get(`/_assets/${file}`, asset(file))
  const swagger = swaggerUiAssetPath()
  const forGood = { 'Cache-Control': 'public, max-age=31536000, immutable' }
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css'])
    app.get(`/_assets/${swagger}/${file}`, asset(file, forGood, SWAGGER_UI))
  return app
}

/** The embeddable checkout (spec, "Embed"): script and stylesheet for any origin, and a bundle by id. */
const embedHandlers = publicHandlers({
  getStorefrontGroup: (c, { services, params }) => {
    const shop = services.storefront.shop(params.shop)
    services.storefront.assertAllowed(shop, visitorOf(c))
    return groupById(services, shop, params.id)
  },
})

export function embedRoutes(deps: RouteDeps): Hono {
  const anyOrigin = { 'Cross-Origin-Resource-Policy': 'cross-origin', 'Access-Control-Allow-Origin': '*' }
  const app = new Hono().get('/embed.js', asset('embed.js', anyOrigin)).get('/embed.css', asset('embed.css', anyOrigin))
  return mountRoutes(app, embedHandlers, deps)
}

/** "JSON when asked for JSON, a page otherwise" (DESIGN.md): browsers and plain curl get the page. */
function wantsJson(c: Context): boolean {
  if (c.req.query('format') === 'json') return true
  const accept = c.req.header('accept') ?? ''
  return /application\/(?:[\w.+-]+\+)?json/i.test(accept) && !/text\/html/i.test(accept)
}

/** The storefront's stylesheet: an operation of the document, refused with error pages like the pages. */
const stylesheetHandlers = publicHandlers({
  getStorefrontThemeCss: (c, { services, params }) => {
    const shop = services.storefront.shop(params.shop)
    services.storefront.assertAllowed(shop, visitorOf(c))
    return c.body(themeCss(services.themes.active(shop)), 200, { 'Content-Type': CSS, ...STATIC })
  },
})

export const PAGE_HANDLERS = { ...embedHandlers, ...stylesheetHandlers }

/** The storefront's HTML pages, on paths (or methods, or Accept headers) the JSON storefront does not use. */
export function storefrontPageRoutes(deps: RouteDeps, log: Log): Hono {
  const { services } = deps
  const { storefront } = services
  const app = new Hono()
  app.onError(pageErrors(log, '/'))

  // Blacklisted visitors are refused as the JSON storefront refuses them (spec, "Blacklist entry").
  const shopOf = (c: Context): ShopRecord => {
    const shop = storefront.shop(c.req.param('shop') ?? '')
    storefront.assertAllowed(shop, visitorOf(c))
    return shop
  }
  const viewOf = (shop: ShopRecord): ShopView => ({
    name: shop.name,
    slug: shop.slug,
    theme: themeView(services.themes.active(shop)),
  })

  app.get('/:shop', (c) => {
    const shop = shopOf(c)
    const { cursor, q } = parseQuery(c, ShopPageQuerySchema)
    const search = q?.trim() ?? ''
    const { products, nextCursor } = storefront.products(shop, { limit: SHOP_PAGE_SIZE, cursor, search })
    const groups = cursor ? [] : services.storefront.groups(shop, search)
    return renderPage(
      c,
      ShopPage({ shop: viewOf(shop), products, groups, search, isLater: cursor !== undefined, nextCursor }),
    )
  })

  mountRoutes(app, stylesheetHandlers, deps, '/storefront')

  app.get('/:shop/p/:id', (c) => {
    const shop = shopOf(c)
    return renderPage(c, ProductPage({ shop: viewOf(shop), product: storefront.product(shop, c.req.param('id')) }))
  })

  app.get('/:shop/checkout', async (c) => {
    const shop = shopOf(c)
    const { product: productId, group: groupId, quantity } = parseQuery(c, CheckoutPageQuerySchema)
    if (productId) {
      const product = storefront.product(shop, productId)
      if (product.type === 'InfoCard')
        throw new StoreError(400, `${product.name} is an information card and cannot be bought`)
      const target = { product, quantity, hasMystery: product.type === 'MysteryBox' }
      return renderPage(c, CheckoutPage({ shop: viewOf(shop), target }))
    }
    if (!groupId) return c.redirect(`/storefront/${encodeURIComponent(shop.slug)}`, 303)
    const group = groupById(services, shop, groupId)
    const target = { group, quantity: 1, hasMystery: services.storefront.groupHasMystery(group) }
    return renderPage(c, CheckoutPage({ shop: viewOf(shop), target }))
  })

  app.get('/:shop/invoices/:orderId', async (c, next) => {
    if (wantsJson(c)) return next()
    const shop = shopOf(c)
    return renderPage(
      c,
      InvoicePage({ invoice: storefront.invoice(shop, c.req.param('orderId')), theme: viewOf(shop).theme }),
    )
  })

  return app
}
