import type { Hono } from 'hono'
import type { AuthedEnv } from '../../middleware/auth.js'
import { type RouteDeps, mountRoutes } from '../route.js'
import { clockHandlers } from './clock.js'
import { eventHandlers } from './events.js'
import { faultHandlers } from './faults.js'
import { keyHandlers } from './keys.js'
import { orderControlHandlers } from './orders.js'
import { productControlHandlers } from './products.js'
import { queryHandlers } from './queries.js'
import { requestLogHandlers } from './requests.js'
import { shopHandlers } from './shops.js'
import { stateHandlers } from './states.js'
import { subscriptionControlHandlers } from './subscriptions.js'
import { webhookHandlers } from './webhooks.js'

/** The dashboard's functions over HTTP under /_emulator (DESIGN.md, "Emulator control API"), behind the key. */
export const CONTROL_HANDLERS = {
  ...shopHandlers,
  ...keyHandlers,
  ...productControlHandlers,
  ...orderControlHandlers,
  ...subscriptionControlHandlers,
  ...clockHandlers,
  ...webhookHandlers,
  ...eventHandlers,
  ...queryHandlers,
  ...requestLogHandlers,
  ...faultHandlers,
  ...stateHandlers,
}

/** Mounts the control API on `control` (at `/_emulator`), which brings the key and shop middleware. */
export const controlRoutes = (deps: RouteDeps, control: Hono<AuthedEnv>): Hono<AuthedEnv> =>
  mountRoutes(control, CONTROL_HANDLERS, deps, '/_emulator')
