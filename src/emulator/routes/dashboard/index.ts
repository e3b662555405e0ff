import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { csrf } from 'hono/csrf'
import { HTTPException } from 'hono/http-exception'
import { StoreError } from '../../../contract/errors.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import type { EmulatorDeps } from '../../deps.js'
import { presentEvent } from '../../services/events/present.js'
import { presentOrder } from '../../services/orders/present.js'
import { presentProduct } from '../../services/catalogue/present.js'
import { presentQuery } from '../../services/customer-queries/present.js'
import { presentFeedback } from '../../services/feedback/present.js'
import { presentSubscription } from '../../services/subscriptions/present.js'
import { presentDelivery, presentWebhook, summariseDelivery } from '../../services/webhooks/present.js'
import { selectShop } from '../../middleware/auth.js'
import { errorResponse } from '../../middleware/errors.js'
import { isOverNetwork, publicOriginOf, type AllowedHosts } from '../../middleware/hosts.js'
import type { ProductRecord } from '../../../contract/rows.js'
import { controlRoutes } from '../control/index.js'
import { apiRoutes } from '../api.js'
import type { RouteDeps } from '../route.js'
import { renderPage } from '../../pages/layout.js'
import { LoginThrottle, loginClientOf } from './login-throttle.js'
import { pageErrors } from '../../pages/errors.js'
import { LoginPage, OverviewPage } from '../../pages/dashboard/overview.js'
import { ProductsPage } from '../../pages/dashboard/products.js'
import { CustomersPage, OrderDetailPage, OrdersPage, SubscriptionsPage } from '../../pages/dashboard/orders.js'
import { DeliveryPage, EventsPage, WebhooksPage } from '../../pages/dashboard/webhooks.js'
import { QueriesPage } from '../../pages/dashboard/queries.js'
import { DASHBOARD, type DashView } from '../../pages/dashboard/shell.js'
import { DASH_PAGE_SIZE, listQuery, pageOf } from '../../pages/dashboard/paging.js'
import { buildInvoice, invoicePath } from '../../services/orders/invoice.js'
import { REQUEST_LOG_LIMIT, RequestLogQuerySchema } from '../../../contract/requests.js'
import { parseWith } from '../../middleware/validate.js'
import { REFERENCE_DOCUMENTS, ReferencePage, type ReferenceDocument } from '../../pages/dashboard/reference.js'
import { RequestDetailPage, RequestsPage } from '../../pages/dashboard/requests.js'
import { swaggerUiAssetPath } from '../pages/index.js'
import {
  DASHBOARD_PATH,
  type PageEnv,
  Sessions,
  clearSessionCookie,
  requireSession,
  sessionIdOf,
  setSessionCookie,
} from './session.js'
import { answerJson } from '../../inspector/answer.js'

/** Events the Live events page opens with. */
const RECENT_EVENTS = 20

/**
 * The dashboard under /_dashboard: pages behind a login with an API key; their scripts call the
 * control API and /api/v1 mounted again under /_dashboard/api behind the session cookie.
 */
export function dashboardRoutes(
  routeDeps: RouteDeps,
  deps: Pick<EmulatorDeps, 'log' | 'options' | 'random' | 'clock'>,
  hosts: AllowedHosts,
): Hono<PageEnv> {
  const { services, requests } = routeDeps
  const sessions = new Sessions(services.accounts, deps.random)
  const throttle = new LoginThrottle(deps.clock)
  const dashApi = new Hono()
  dashApi.onError((error, c) => errorResponse(error, c, deps.log))
  const authed = () => new Hono<AuthedEnv>().use(requireSession(sessions), selectShop(services.accounts))
  dashApi.route('/emulator', controlRoutes(routeDeps, authed()))
  dashApi.route('/v1', apiRoutes(routeDeps, authed()))
  dashApi.notFound((c) => answerJson(c, { error: `not found: no dashboard route ${c.req.method} ${c.req.path}` }, 404))

  const app = new Hono<PageEnv>()
  // Only the same-origin check below refuses a page with hono's own 403.
  const crossSite = `this form was sent from another site; open ${DASHBOARD}/login on this emulator and send it from there`
  app.onError(
    pageErrors(deps.log, DASHBOARD, (error) =>
      error instanceof HTTPException && error.status === 403 ? crossSite : error.message,
    ),
  )
  // Form posts (login, logout) must come from the dashboard's own page, on a name the emulator answers to.
  app.use(
    csrf({
      origin: (origin, c) => origin === new URL(c.req.url).origin && (hosts.admitsOrigin(origin) || !isOverNetwork(c)),
    }),
  )
  app.route('/api', dashApi)

  app.get('/login', async (c) => {
    if (sessions.lookup(sessionIdOf(c))) return c.redirect(DASHBOARD, 303)
    return renderPage(c, LoginPage({ next: safeNext(c.req.query('next')) }))
  })
  app.post('/login', async (c) => {
    const client = loginClientOf(c)
    const wait = throttle.retryAfter(client)
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      const error = `Too many failed logins from this address: try again in ${wait} s.`
      return renderPage(c, LoginPage({ error, next: safeNext(c.req.query('next')) }), 429)
    }
    // A body that is not a readable form is the sender's fault (400), never a 500.
    const form = await c.req.parseBody().catch((error) => {
      if (error instanceof StoreError) throw error
      const words = 'send it as application/x-www-form-urlencoded or well-formed multipart/form-data'
      throw new StoreError(400, `the form could not be read: ${words}`)
    })
    const key = typeof form.key === 'string' ? form.key : ''
    // A new login ends the session the browser had (before opening the next, which could reuse its id with seeded randomness).
    sessions.close(sessionIdOf(c))
    const id = key ? sessions.open(key) : undefined
    if (!id) {
      throttle.failed(client)
      return renderPage(
        c,
        LoginPage({ error: 'That key is not a key of this emulator (or it was revoked).', next: safeNext(form.next) }),
        401,
      )
    }
    setSessionCookie(c, id)
    return c.redirect(safeNext(form.next) ?? DASHBOARD, 303)
  })
  app.post('/logout', (c) => {
    sessions.close(sessionIdOf(c))
    clearSessionCookie(c)
    return c.redirect(`${DASHBOARD}/login`, 303)
  })

  const requirePageSession: MiddlewareHandler<PageEnv> = async (c, next) => {
    const found = sessions.lookup(sessionIdOf(c))
    if (!found) {
      const url = new URL(c.req.url)
      return c.redirect(`${DASHBOARD}/login?next=${encodeURIComponent(url.pathname + url.search)}`, 303)
    }
    c.set('account', found.account)
    c.set('key', found.key)
    await next()
  }
  app.use('*', requirePageSession)

  const viewOf = (c: Context<PageEnv>): DashView => {
    const account = c.get('account')
    return {
      account,
      shops: services.accounts.shops(account),
      shop: services.accounts.resolveShop(account, c.req.query('shop')),
      origin: publicOriginOf(c, deps.options.publicOrigin),
    }
  }

  app.get('/', (c) => {
    const view = viewOf(c)
    const keys = services.accounts.keys(view.account)
    return renderPage(
      c,
      OverviewPage({ view, keys, currentKeyId: c.get('key').id, clockNow: services.clock.nowIso(view.account) }),
    )
  })

  /** One page of a list as `?page=` and `?q=` ask, searching the texts `fields` gives. */
  const listed = <T>(c: Context, items: Iterable<T>, fields: (item: T) => (string | null | undefined)[]) =>
    pageOf(items, listQuery(c.req.query()), fields)

  app.get('/products', (c) => {
    const view = viewOf(c)
    const query = listQuery(c.req.query())
    const needle = query.search.toLowerCase()
    const matches = (p: ProductRecord) =>
      [p.name, p.productId, p.id, p.type].some((f) => f.toLowerCase().includes(needle))
    const browse = (page: number) => services.catalogue.browse(view.shop, page, DASH_PAGE_SIZE, matches)
    const first = browse(query.page - 1)
    const pages = Math.max(1, Math.ceil(first.total / DASH_PAGE_SIZE))
    // A page past the last shows the last.
    const { rows, total } = query.page > pages ? browse(pages - 1) : first
    const shown = rows.map(({ product, setup }) => ({ product: presentProduct(product, setup.stock), setup }))
    const products = { rows: shown, page: Math.min(query.page, pages), pages, total, search: query.search }
    return renderPage(c, ProductsPage({ view, products }))
  })

  app.get('/orders', (c) => {
    const view = viewOf(c)
    const { rows, ...paged } = listed(c, services.orders.list(view.shop, Infinity), (o) => [
      o.orderNumber,
      o.id,
      o.customerEmail,
      o.customerName,
    ])
    return renderPage(c, OrdersPage({ view, orders: { ...paged, rows: rows.map(presentOrder) } }))
  })

  app.get('/orders/:id', (c) => {
    const view = viewOf(c)
    const order = services.orders.get(view.shop, c.req.param('id'))
    const invoice = buildInvoice(view.shop, order)
    const invoiceUrl = invoicePath(view.shop, order)
    return renderPage(c, OrderDetailPage({ view, order: presentOrder(order), invoice, invoiceUrl }))
  })

  app.get('/customers', (c) => {
    const view = viewOf(c)
    const customers = listed(c, services.customers.list(view.shop, Infinity), (cu) => [cu.email, cu.name, cu.id])
    return renderPage(c, CustomersPage({ view, customers }))
  })

  app.get('/subscriptions', (c) => {
    const view = viewOf(c)
    const { rows, ...paged } = listed(c, services.subscriptions.list(view.shop), (s) => [
      s.id,
      s.customerEmail,
      s.productName,
    ])
    const subscriptions = { ...paged, rows: rows.map(presentSubscription) }
    const { now, offsetSeconds } = services.clock.state(view.account)
    return renderPage(c, SubscriptionsPage({ view, subscriptions, clockNow: now, offsetSeconds }))
  })

  app.get('/webhooks', (c) => {
    const view = viewOf(c)
    const webhooks = services.webhooks.list(view.shop).map(presentWebhook)
    const deliveries = services.webhooks.logs(view.shop, { limit: 100 }).map(summariseDelivery)
    return renderPage(c, WebhooksPage({ view, webhooks, deliveries }))
  })

  app.get('/webhooks/logs/:id', (c) => {
    const view = viewOf(c)
    const delivery = presentDelivery(services.webhooks.delivery(view.shop, c.req.param('id')))
    return renderPage(c, DeliveryPage({ view, delivery }))
  })

  app.get('/queries', (c) => {
    const view = viewOf(c)
    const queries = services.storefront.queries(view.shop).map(presentQuery)
    const feedback = services.storefront.feedback(view.shop).map(presentFeedback)
    return renderPage(c, QueriesPage({ view, queries, feedback }))
  })

  app.get('/events', (c) => {
    const view = viewOf(c)
    const after = services.events.lastCommittedSeq()
    const recent = services.events.recent(view.shop.id, RECENT_EVENTS).map(presentEvent)
    return renderPage(c, EventsPage({ view, recent, after }))
  })
  app.get('/requests', (c) => {
    const { status, method, path } = c.req.query()
    const filter = parseWith(RequestLogQuerySchema, {
      ...(status ? { status } : {}),
      ...(method ? { method } : {}),
      ...(path ? { path } : {}),
    })
    const entries = requests.list(c.get('account').id, filter, REQUEST_LOG_LIMIT.default)
    return renderPage(c, RequestsPage({ view: viewOf(c), entries, filter }))
  })

  app.get('/requests/:id', (c) => {
    const entry = requests.find(c.get('account').id, c.req.param('id'))
    return renderPage(c, RequestDetailPage({ view: viewOf(c), entry }))
  })

  const swaggerUi = swaggerUiAssetPath()
  app.get('/reference', (c) => {
    const wanted = c.req.query('doc') ?? 'api'
    if (!Object.hasOwn(REFERENCE_DOCUMENTS, wanted))
      throw new StoreError(404, `no API reference "${wanted}": choose ${Object.keys(REFERENCE_DOCUMENTS).join(' or ')}`)
    const document = wanted as ReferenceDocument
    return renderPage(c, ReferencePage({ view: viewOf(c), document, assets: swaggerUi }))
  })

  return app
}

/** A path of the dashboard, as `next` must be: no other site (open redirect), no bytes a header cannot hold. */
const DASHBOARD_NEXT = new RegExp(`^${DASHBOARD_PATH}(?:[/?#][\\x21-\\x7e]*)?$`)

/** Only a dashboard path may follow the login (no open redirect). */
function safeNext(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  return DASHBOARD_NEXT.test(value) && !value.includes('\\') ? value : undefined
}
