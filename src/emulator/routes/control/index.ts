import type { Hono } from 'hono'
import type { AuthedEnv } from '../../middleware/auth.js'
import { type RouteDeps, mountRoutes } from '../route.js'
import { clockRoutes } from './clock.js'
import { eventStreamRoutes } from './events.js'
import { faultRoutes } from './faults.js'
import { keyRoutes } from './keys.js'
import { orderControlRoutes } from './orders.js'
import { productControlRoutes } from './products.js'
import { queryControlRoutes } from './queries.js'
import { requestLogRoutes } from './requests.js'
import { shopRoutes } from './shops.js'
import { stateRoutes } from './states.js'
import { subscriptionControlRoutes } from './subscriptions.js'
import { webhookRoutes } from './webhooks.js'

/** The dashboard's functions over HTTP under /_emulator (DESIGN.md, "Emulator control API"). */
export const CONTROL_ROUTES = [
  ...shopRoutes,
  ...keyRoutes,
  ...productControlRoutes,
  ...orderControlRoutes,
  ...subscriptionControlRoutes,
  ...clockRoutes,
  ...webhookRoutes,
  ...eventStreamRoutes,
  ...queryControlRoutes,
  ...requestLogRoutes,
  ...faultRoutes,
  ...stateRoutes,
]

/** Mounts the control API on `control` (at `/_emulator`), which brings the key and shop middleware. */
export const controlRoutes = (deps: RouteDeps, control: Hono<AuthedEnv>): Hono<AuthedEnv> =>
  mountRoutes(control, CONTROL_ROUTES, deps, '/_emulator')
