import type { Hono } from 'hono'
import type { AuthedEnv } from '../../middleware/auth.js'
import { type RouteDeps, mountRoutes } from '../route.js'
import { blacklistRoutes } from './blacklists.js'
import { categoryRoutes } from './categories.js'
import { couponRoutes } from './coupons.js'
import { customerRoutes } from './customers.js'
import { groupRoutes } from './groups.js'
import { orderRoutes } from './orders.js'
import { productRoutes } from './products.js'
import { subscriptionRoutes } from './subscriptions.js'
import { themeRoutes } from './themes.js'

/** Every route of /api/v1 (spec, "Endpoints"), its paths relative to /api/v1: one file per resource. */
export const API_ROUTES = [
  ...productRoutes,
  ...orderRoutes,
  ...couponRoutes,
  ...blacklistRoutes,
  ...categoryRoutes,
  ...groupRoutes,
  ...customerRoutes,
  ...subscriptionRoutes,
  ...themeRoutes,
]

/** Mounts /api/v1 on `api`, which brings the key and shop middleware. */
export const apiRoutes = (deps: RouteDeps, api: Hono<AuthedEnv>): Hono<AuthedEnv> => mountRoutes(api, API_ROUTES, deps)
