import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { csrf } from 'hono/csrf'
import { HTTPException } from 'hono/http-exception'
import { StoreError } from '../../../spec/errors.js'
import type { Product } from '../../../spec/products.js'
import type { Order } from '../../../spec/orders.js'
import type { Subscription } from '../../../spec/subscriptions.js'
import type { Webhook, WebhookDelivery, WebhookDeliverySummary } from '../../../spec/webhooks.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { resolveShop, selectShop } from '../../middleware/auth.js'
import { errorResponse } from '../../middleware/errors.js'
import { present } from '../../present.js'
import type { AccountRecord, KeyRecord } from '../../store/records.js'
import { findOrder } from '../../store/orders.js'
import { presentCustomer } from '../../store/customers.js'
import { presentSetup } from '../../fulfilment/setup.js'
import { controlRoutes } from '../control/index.js'
import { apiRoutes } from '../api/index.js'
import { renderPage } from '../../pages/layout.js'
import { ErrorPage } from '../../pages/errors.js'
import { LoginPage, OverviewPage } from '../../pages/dashboard/overview.js'
import { ProductsPage } from '../../pages/dashboard/products.js'
import {
  CustomersPage,
  OrderDetailPage,
  OrdersPage,
  SubscriptionsPage,
  type OrderExtrasView,
} from '../../pages/dashboard/orders.js'
import { DeliveryPage, EventsPage, WebhooksPage } from '../../pages/dashboard/webhooks.js'
import { QueriesPage } from '../../pages/dashboard/queries.js'
import type { Feedback, Query } from '../../../spec/storefront.js'
import { DASHBOARD, type DashView } from '../../pages/dashboard/shell.js'
import { buildInvoice, invoicePath } from '../../commerce/invoice.js'
import type { RequestRecorder } from '../../inspector/recorder.js'
import { inspectorPages } from './inspector.js'
import {
  DASHBOARD_PATH,
  Sessions,
  clearSessionCookie,
  requireSession,
  sessionIdOf,
  setSessionCookie,
} from './session.js'

export interface PageEnv {
  Variables: { account: AccountRecord; key: KeyRecord }
}

const PAGE_SIZE = 50
const LIST_LIMIT = 200

/**
 * The emulator's dashboard under /_dashboard (DESIGN.md: what the hosted service configures in its
 * dashboard). Server-rendered pages behind a login with an API key; their scripts call
 * `/_dashboard/api/emulator/…` and `/_dashboard/api/v1/…`, the control API and /api/v1 themselves
 * mounted a second time behind the session cookie, so every action runs the same handler as over HTTP.
 */
export function dashboardRoutes(emu: Emulator, requests: RequestRecorder): Hono<PageEnv> {
  const sessions = new Sessions(emu)
  const dashApi = new Hono()
  dashApi.onError((error, c) => errorResponse(error, c, emu.log))
  const authed = () => new Hono<AuthedEnv>().use(requireSession(sessions), selectShop(emu))
  dashApi.route('/emulator', controlRoutes(emu, authed(), requests))
  dashApi.route('/v1', apiRoutes(emu, authed()))
  dashApi.notFound((c) => c.json({ error: `not found: no dashboard route ${c.req.method} ${c.req.path}` }, 404))

  /** A JSON route of the dashboard API, called in-process with the visitor's own session. */
  async function internal<T>(c: Context, view: DashView, path: string): Promise<T> {
    const res = await dashApi.request(path, {
      headers: { cookie: c.req.header('cookie') ?? '', 'x-service-shop': view.shop.id, accept: 'application/json' },
    })
    const body = (await res.json()) as T & { error?: string }
    if (!res.ok) throw new StoreError(res.status, body.error ?? `${path} answered ${res.status}`)
    return body
  }

  const app = new Hono<PageEnv>()
  app.onError((error, c) => {
    if (error instanceof StoreError || error instanceof HTTPException) {
      const status = error.status as 400
      return renderPage(c, ErrorPage({ status, message: error.message, home: DASHBOARD }), status)
    }
    emu.log(`internal error on ${c.req.method} ${c.req.path}: ${(error as Error)?.stack ?? String(error)}`)
    return renderPage(
      c,
      ErrorPage({
        status: 500,
        message: 'the emulator hit an unexpected problem (logged by store serve)',
        home: DASHBOARD,
      }),
      500 as 400,
    )
  })
  // Form posts (login, logout) must come from the dashboard's own origin.
  app.use(csrf())
  app.route('/api', dashApi)

  app.get('/login', async (c) => {
    if (sessions.lookup(sessionIdOf(c))) return c.redirect(DASHBOARD, 303)
    return renderPage(c, LoginPage({ next: safeNext(c.req.query('next')) }))
  })
  app.post('/login', async (c) => {
    const form = await c.req.parseBody()
    const key = typeof form.key === 'string' ? form.key : ''
    // A new login ends the session the browser had (before opening the next, which could reuse its id with seeded randomness).
    sessions.close(sessionIdOf(c))
    const id = key ? sessions.open(key) : undefined
    if (!id)
      return renderPage(
        c,
        LoginPage({ error: 'That key is not a key of this emulator (or it was revoked).', next: safeNext(form.next) }),
        401,
      )
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
    const account = c.var.account
    return {
      account,
      shops: [...emu.store.c.shops.oldestFirst('account', account.id)],
      shop: resolveShop(emu, account, c.req.query('shop')),
      origin: new URL(c.req.url).origin,
    }
  }

  app.get('/', (c) => {
    const view = viewOf(c)
    const keys = [...emu.store.c.keys.oldestFirst('account', view.account.id)]
    return renderPage(c, OverviewPage({ view, keys, currentKeyId: c.var.key.id, clockNow: emu.nowIso() }))
  })

  app.get('/products', (c) => {
    const view = viewOf(c)
    const page = Math.max(0, Math.floor(Number(c.req.query('page') ?? 0)) || 0)
    const rows = []
    let index = 0
    let more = false
    for (const product of emu.store.c.products.newestFirst('shop', view.shop.id)) {
      if (index++ < page * PAGE_SIZE) continue
      if (rows.length === PAGE_SIZE) {
        more = true
        break
      }
      rows.push({
        product: present(product) as Product,
        setup: presentSetup(emu, product, emu.store.c.fulfilments.get(product.id)),
      })
    }
    return renderPage(c, ProductsPage({ view, rows, page, more }))
  })

  app.get('/orders', (c) => {
    const view = viewOf(c)
    const orders = []
    for (const order of emu.store.c.orders.newestFirst('shop', view.shop.id)) {
      if (orders.length === LIST_LIMIT) break
      orders.push(present(order) as Order)
    }
    return renderPage(c, OrdersPage({ view, orders, limit: LIST_LIMIT }))
  })

  app.get('/orders/:id', (c) => {
    const view = viewOf(c)
    const order = findOrder(emu, view.shop, c.req.param('id'))
    const invoice = buildInvoice(emu, view.shop, order)
    return renderPage(
      c,
      OrderDetailPage({
        view,
        order: present(order) as Order & OrderExtrasView,
        invoice,
        invoiceUrl: invoicePath(view.shop, order),
      }),
    )
  })

  app.get('/customers', (c) => {
    const view = viewOf(c)
    const customers = []
    for (const customer of emu.store.c.customers.newestFirst('shop', view.shop.id)) {
      if (customers.length === LIST_LIMIT) break
      customers.push(presentCustomer(customer))
    }
    return renderPage(c, CustomersPage({ view, customers }))
  })

  app.get('/subscriptions', (c) => {
    const view = viewOf(c)
    const subscriptions = []
    for (const subscription of emu.store.c.subscriptions.newestFirst('shop', view.shop.id)) {
      if (subscriptions.length === LIST_LIMIT) break
      subscriptions.push(present(subscription) as Subscription)
    }
    return renderPage(
      c,
      SubscriptionsPage({ view, subscriptions, clockNow: emu.nowIso(), offsetSeconds: emu.clock.offsetMs() / 1000 }),
    )
  })

  app.get('/webhooks', async (c) => {
    const view = viewOf(c)
    const [{ webhooks }, { deliveries }] = await Promise.all([
      internal<{ webhooks: Webhook[] }>(c, view, '/emulator/webhooks'),
      internal<{ deliveries: WebhookDeliverySummary[] }>(c, view, '/emulator/webhooks/logs?limit=100'),
    ])
    return renderPage(c, WebhooksPage({ view, webhooks, deliveries }))
  })

  app.get('/webhooks/logs/:id', async (c) => {
    const view = viewOf(c)
    const delivery = await internal<WebhookDelivery>(
      c,
      view,
      `/emulator/webhooks/logs/${encodeURIComponent(c.req.param('id'))}`,
    )
    return renderPage(c, DeliveryPage({ view, delivery }))
  })

  app.get('/queries', async (c) => {
    const view = viewOf(c)
    const [{ queries }, { feedback }] = await Promise.all([
      internal<{ queries: Query[] }>(c, view, '/emulator/queries'),
      internal<{ feedback: Feedback[] }>(c, view, '/emulator/feedback'),
    ])
    return renderPage(c, QueriesPage({ view, queries, feedback }))
  })

  app.get('/events', (c) => renderPage(c, EventsPage({ view: viewOf(c) })))
  app.route('/', inspectorPages(requests, viewOf))

  return app
}

/** Only a dashboard path may follow the login (no open redirect). */
function safeNext(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  return value.startsWith(`${DASHBOARD_PATH}`) && !value.startsWith('//') && !value.includes('\\') ? value : undefined
}
