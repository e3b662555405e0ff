import type { Context, Hono } from 'hono'
import { CUSTOMER_LIMIT } from '../../contract/customers.js'
import { API_OPERATIONS } from '../../contract/operations/index.js'
import { ORDER_LIMIT } from '../../contract/orders.js'
import { PRODUCT_LIMIT } from '../../contract/products.js'
import type { ShopRecord } from '../../contract/rows.js'
import type { AuthedEnv } from '../middleware/auth.js'
import { presentBlacklistEntry } from '../services/blacklists/present.js'
import { presentProduct } from '../services/catalogue/present.js'
import { presentCoupon } from '../services/coupons/present.js'
import type { Services } from '../services/index.js'
import { presentOrder } from '../services/orders/present.js'
import { presentSubscription } from '../services/subscriptions/present.js'
import { presentTheme, presentThemeSummary } from '../services/themes/present.js'
import { type Handler, type Handlers, type RouteDeps, authedHandlers, mountRoutes } from './route.js'

/** A resource of /api/v1 as its service keeps it: list, get, create, update and delete by the shop. */
interface Resource {
  service(services: Services): {
    list?(shop: ShopRecord, ...rest: never[]): unknown
    get(shop: ShopRecord, id: string): unknown
    create?(shop: ShopRecord, body: never): Promise<unknown>
    update?(shop: ShopRecord, id: string, body: never): Promise<unknown>
    delete?(shop: ShopRecord, id: string): Promise<void>
  }
  /** The row as the API shows it (the row itself when left out). */
  present?(row: never, services: Services, shop: ShopRecord): unknown
}

/** Each resource by the first segment of its operations' paths. */
const RESOURCES: Record<string, Resource> = {
  products: {
    service: (s) => s.catalogue,
    present: (row, { catalogue }) => presentProduct(row, catalogue.stockOf(row)),
  },
  orders: { service: (s) => s.orders, present: presentOrder },
  coupons: { service: (s) => s.coupons, present: presentCoupon },
  blacklists: { service: (s) => s.blacklists, present: presentBlacklistEntry },
  categories: { service: (s) => s.categories, present: (row, s, shop) => s.categories.present(shop, row) },
  groups: { service: (s) => s.groups, present: (row, s, shop) => s.groups.present(shop, row) },
  customers: { service: (s) => s.customers },
  subscriptions: { service: (s) => s.subscriptions, present: presentSubscription },
  themes: { service: (s) => s.themes, present: (row, _, shop) => presentTheme(shop, row) },
}

type AnyHandler = Handler<AuthedEnv, { params: { id: string }; body: never }>

/**
 * The handler of a standard operation, told by its method and path: `GET /groups` lists the shop's
 * groups under the key `groups`, `GET /groups/{id}` reads one, `POST` creates, `PUT` updates,
 * `DELETE` deletes; each row shown by its resource's presenter.
 */
function standardHandler(method: string, path: string): AnyHandler | undefined {
  const [, key, param] = /^\/(\w+)(?:\/\{(\w+)\})?$/.exec(path) ?? []
  const resource = RESOURCES[key]
  if (!resource) return undefined
  const show = (c: Context<AuthedEnv>, services: Services, row: unknown) =>
    resource.present ? resource.present(row as never, services, c.get('shop')) : row
  const idOf = (params: Record<string, string>) => params[param]
  if (!param && method === 'get')
    return (c, { services }) => ({
      [key]: (resource.service(services).list!(c.get('shop')) as unknown[]).map((row) => show(c, services, row)),
    })
  if (!param && method === 'post')
    return async (c, { services, body }) =>
      show(c, services, await resource.service(services).create!(c.get('shop'), (await body()) as never))
  if (method === 'get')
    return (c, { services, params }) => show(c, services, resource.service(services).get(c.get('shop'), idOf(params)))
  if (method === 'put')
    return async (c, { services, params, body }) =>
      show(c, services, await resource.service(services).update!(c.get('shop'), idOf(params), await body()))
  return async (c, { services, params }) => {
    await resource.service(services).delete!(c.get('shop'), idOf(params))
    return { success: true }
  }
}

/** The operations of /api/v1 that are more than their standard shape (spec, "Endpoints"). */
const SPECIAL = authedHandlers({
  listProducts: (c, { services: { catalogue }, query }) => {
    const { page, nextCursor } = catalogue.page(c.get('shop'), query.limit ?? PRODUCT_LIMIT.default, query.cursor)
    return { products: page.map((row) => presentProduct(row, catalogue.stockOf(row))), nextCursor }
  },
  listOrders: (c, { services, query }) => ({
    orders: services.orders.list(c.get('shop'), query.limit ?? ORDER_LIMIT.default).map(presentOrder),
  }),
  updateOrder: async (c, { services, params, body }) =>
    presentOrder(await services.orders.updateStatus(c.get('shop'), params.id, await body())),
  listCoupons: (c, { services, query: { active } }) => {
    const list = services.coupons.list(c.get('shop'), active === undefined ? undefined : active === 'true')
    return { coupons: list.map(presentCoupon) }
  },
  listCustomers: (c, { services, query }) => ({
    customers: services.customers.list(c.get('shop'), query.limit ?? CUSTOMER_LIMIT.default),
  }),
  listThemes: (c, { services }) => {
    const { activeThemeId, themes } = services.themes.list(c.get('shop'))
    return { activeThemeId, themes: themes.map((theme) => presentThemeSummary(c.get('shop'), theme)) }
  },
})

/** The handlers of /api/v1, the documents' route aside (routes/openapi.ts). */
export const API_HANDLERS: Handlers<AuthedEnv> = Object.fromEntries(
  Object.values(API_OPERATIONS).flatMap(({ operationId: id, method, path }) => {
    const handler = (SPECIAL as Handlers<AuthedEnv>)[id as keyof typeof SPECIAL] ?? standardHandler(method, path)
    return handler ? [[id, handler]] : []
  }),
)

/** Mounts /api/v1 on `api`, which brings the key and shop middleware. */
export const apiRoutes = (deps: RouteDeps, api: Hono<AuthedEnv>): Hono<AuthedEnv> =>
  mountRoutes(api, API_HANDLERS, deps)
