import { Hono, type Context } from 'hono'
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
import { controlRoutes } from '../control/index.js'
import { apiRoutes } from '../api.js'
import type { RouteDeps } from '../route.js'
import { renderPage } from '../../pages/layout.js'
import { fixedWindows, peerOf } from '../../middleware/rate-limit.js'
import { pageErrors } from '../../pages/errors.js'
import { LoginPage, OverviewPage } from '../../pages/dashboard/overview.js'
import { ProductsPage } from '../../pages/dashboard/products.js'
import { CustomersPage, OrderDetailPage, OrdersPage, SubscriptionsPage } from '../../pages/dashboard/orders.js'
import { DeliveryPage, EventsPage, WebhooksPage } from '../../pages/dashboard/webhooks.js'
import { QueriesPage } from '../../pages/dashboard/queries.js'
import { DASHBOARD, type DashView } from '../../pages/dashboard/shell.js'
import { pageOf } from '../../pages/dashboard/paging.js'
import { buildInvoice, invoicePath } from '../../services/orders/invoice.js'
import { REQUEST_LOG_LIMIT, RequestLogQuerySchema } from '../../../contract/requests.js'
import { parseWith } from '../../middleware/validate.js'
import { REFERENCE_DOCUMENTS, ReferencePage, type ReferenceDocument } from '../../pages/dashboard/reference.js'
import { RequestDetailPage, RequestsPage } from '../../pages/dashboard/requests.js'
import { swaggerUiAssetPath } from '../pages/index.js'
import { type PageEnv, Sessions } from './session.js'
import { answerJson } from '../../inspector/answer.js'

const RECENT_EVENTS = 200
/**
 * Failed logins one client address may make a minute before it must wait, so guessing keys through
 * the form is slow. A login that succeeds does not reset the count: one valid key of one's own
 * would otherwise buy unlimited guesses at others'.
 */
const LOGIN_FAILURES_PER_MINUTE = 10

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
  const failedLogins = fixedWindows(deps.clock, 60)
  const dashApi = new Hono()
  dashApi.onError((error, c) => errorResponse(error, c, deps.log))
  const notLoggedIn = () => {
    throw new StoreError(
      401,
      'not logged in to the dashboard: open /_dashboard/login and enter an API key of this emulator',
    )
  }
  const authed = () => new Hono<AuthedEnv>().use(sessions.require(notLoggedIn), selectShop(services.accounts))
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
    if (sessions.lookup(c)) return c.redirect(DASHBOARD, 303)
    return renderPage(c, LoginPage({ next: safeNext(c.req.query('next')) }))
  })
  app.post('/login', async (c) => {
    const client = peerOf(c)
    const { count, retryAfter } = failedLogins.peek(client)
    if (count >= LOGIN_FAILURES_PER_MINUTE) {
      c.header('Retry-After', String(retryAfter))
      const error = `Too many failed logins from this address: try again in ${retryAfter} s.`
      return renderPage(c, LoginPage({ error, next: safeNext(c.req.query('next')) }), 429)
    }
    // A body that is not a readable form is the sender's fault (400), never a 500.
    const form = await c.req.parseBody().catch((error) => {
      if (error instanceof StoreError) throw error
      const words = 'send it as application/x-www-form-urlencoded or well-formed multipart/form-data'
      throw new StoreError(400, `the form could not be read: ${words}`)
    })
    if (!sessions.open(c, typeof form.key === 'string' ? form.key : '')) {
      failedLogins.add(client)
      return renderPage(
        c,
        LoginPage({ error: 'That key is not a key of this emulator (or it was revoked).', next: safeNext(form.next) }),
        401,
      )
    }
    return c.redirect(safeNext(form.next) ?? DASHBOARD, 303)
  })
  app.post('/logout', (c) => {
    sessions.close(c)
    return c.redirect(`${DASHBOARD}/login`, 303)
  })

  app.use(
    sessions.require((c) => {
      const url = new URL(c.req.url)
      return c.redirect(`${DASHBOARD}/login?next=${encodeURIComponent(url.pathname + url.search)}`, 303)
    }),
  )

  /** A page of the dashboard at `path`, drawn for the session's account and selected shop. */
  const page = (path: string, draw: (view: DashView, c: Context<PageEnv>) => unknown) =>
    app.get(path, (c) => {
      const account = c.get('account')
      const view: DashView = {
        account,
        shops: services.accounts.shops(account),
        shop: services.accounts.resolveShop(account, c.req.query('shop')),
        origin: publicOriginOf(c, deps.options.publicOrigin),
      }
      return renderPage(c, draw(view, c))
    })

  page('/', (view, c) => {
    const keys = services.accounts.keys(view.account)
    return OverviewPage({ view, keys, currentKeyId: c.get('key').id, clockNow: services.clock.nowIso(view.account) })
  })

  page('/products', (view, c) => {
    const all = services.catalogue.page(view.shop, Infinity, undefined, 'all').page
    const products = pageOf(
      all,
      c.req.query(),
      (p) => [p.name, p.productId, p.id, p.type],
      (product) => {
        const setup = services.catalogue.setup(view.shop, product.id)
        return { product: presentProduct(product, setup.stock), setup }
      },
    )
    return ProductsPage({ view, products })
  })

  page('/orders', (view, c) => {
    const all = services.orders.list(view.shop, Infinity)
    const fields = (o: (typeof all)[number]) => [o.orderNumber, o.id, o.customerEmail, o.customerName]
    return OrdersPage({ view, orders: pageOf(all, c.req.query(), fields, presentOrder) })
  })

  page('/orders/:id', (view, c) => {
    const order = services.orders.get(view.shop, c.req.param('id') ?? '')
    const invoice = buildInvoice(view.shop, order)
    return OrderDetailPage({ view, order: presentOrder(order), invoice, invoiceUrl: invoicePath(view.shop, order) })
  })

  page('/customers', (view, c) => {
    const all = services.customers.list(view.shop, Infinity)
    return CustomersPage({ view, customers: pageOf(all, c.req.query(), (cu) => [cu.email, cu.name, cu.id]) })
  })

  page('/subscriptions', (view, c) => {
    const all = services.subscriptions.list(view.shop)
    const fields = (s: (typeof all)[number]) => [s.id, s.customerEmail, s.productName]
    const subscriptions = pageOf(all, c.req.query(), fields, presentSubscription)
    const { now, offsetSeconds } = services.clock.state(view.account)
    return SubscriptionsPage({ view, subscriptions, clockNow: now, offsetSeconds })
  })

  page('/webhooks', (view) => {
    const webhooks = services.webhooks.list(view.shop).map(presentWebhook)
    const deliveries = services.webhooks.logs(view.shop, { limit: 100 }).map(summariseDelivery)
    return WebhooksPage({ view, webhooks, deliveries })
  })

  page('/webhooks/logs/:id', (view, c) => {
    const delivery = presentDelivery(services.webhooks.delivery(view.shop, c.req.param('id') ?? ''))
    return DeliveryPage({ view, delivery })
  })

  page('/queries', (view) => {
    const queries = services.storefront.queries(view.shop).map(presentQuery)
    const feedback = services.storefront.feedback(view.shop).map(presentFeedback)
    return QueriesPage({ view, queries, feedback })
  })

  page('/events', (view) => {
    const after = services.events.lastCommittedSeq()
    const recent = services.events.recent(view.shop.id, RECENT_EVENTS).map(presentEvent)
    return EventsPage({ view, recent, after })
  })

  page('/requests', (view, c) => {
    const { status, method, path } = c.req.query()
    const given = Object.entries({ status, method, path }).filter(([, value]) => value)
    const filter = parseWith(RequestLogQuerySchema, Object.fromEntries(given))
    const entries = requests.list(view.account.id, filter, REQUEST_LOG_LIMIT.default)
    return RequestsPage({ view, entries, filter })
  })

  page('/requests/:id', (view, c) =>
    RequestDetailPage({ view, entry: requests.find(view.account.id, c.req.param('id') ?? '') }),
  )

  const swaggerUi = swaggerUiAssetPath()
  page('/reference', (view, c) => {
    const wanted = c.req.query('doc') ?? 'api'
    if (!Object.hasOwn(REFERENCE_DOCUMENTS, wanted))
      throw new StoreError(404, `no API reference "${wanted}": choose ${Object.keys(REFERENCE_DOCUMENTS).join(' or ')}`)
    return ReferencePage({ view, document: wanted as ReferenceDocument, assets: swaggerUi })
  })

  return app
}

/** A path of the dashboard, as `next` must be: no other site (open redirect), no bytes a header cannot hold. */
const DASHBOARD_NEXT = new RegExp(`^${DASHBOARD}(?:[/?#][\\x21-\\x7e]*)?$`)

/** Only a dashboard path may follow the login (no open redirect). */
function safeNext(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  return DASHBOARD_NEXT.test(value) && !value.includes('\\') ? value : undefined
}
