import type { Hono } from 'hono'
import type { AuthedEnv } from '../../middleware/auth.js'
import { type RouteDeps, mountRoutes } from '../route.js'
import { blacklistHandlers } from './blacklists.js'
import { categoryHandlers } from './categories.js'
import { couponHandlers } from './coupons.js'
import { customerHandlers } from './customers.js'
import { groupHandlers } from './groups.js'
import { orderHandlers } from './orders.js'
import { productHandlers } from './products.js'
import { subscriptionHandlers } from './subscriptions.js'
import { themeHandlers } from './themes.js'

/** The handlers of /api/v1 (spec, "Endpoints"): one file per resource. */
export const API_HANDLERS = {
  ...productHandlers,
  ...orderHandlers,
  ...couponHandlers,
  ...blacklistHandlers,
  ...categoryHandlers,
  ...groupHandlers,
  ...customerHandlers,
  ...subscriptionHandlers,
  ...themeHandlers,
}

/** Mounts /api/v1 on `api`, which brings the key and shop middleware. */
export const apiRoutes = (deps: RouteDeps, api: Hono<AuthedEnv>): Hono<AuthedEnv> =>
  mountRoutes(api, API_HANDLERS, deps)
