import type { Hono } from 'hono'
import type { AuthedEnv, Emulator } from '../../context.js'
import { shopRoutes } from './shops.js'
import { keyRoutes } from './keys.js'
import { webhookRoutes } from './webhooks.js'
import { eventStreamRoutes } from './events.js'
import { productControlRoutes } from './products.js'
import { orderControlRoutes } from './orders.js'
import { subscriptionControlRoutes } from './subscriptions.js'
import { clockRoutes } from './clock.js'
import { feedbackControlRoutes, queryControlRoutes } from './queries.js'
import { requestLogRoutes } from './requests.js'
import type { RequestRecorder } from '../../inspector/recorder.js'

/** The dashboard's functions over HTTP under /_emulator (DESIGN.md, "Emulator control API"). */
export function controlRoutes(emu: Emulator, control: Hono<AuthedEnv>, requests: RequestRecorder): Hono<AuthedEnv> {
  return control
    .route('/shops', shopRoutes(emu))
    .route('/keys', keyRoutes(emu))
    .route('/webhooks', webhookRoutes(emu))
    .route('/events', eventStreamRoutes(emu))
    .route('/products', productControlRoutes(emu))
    .route('/orders', orderControlRoutes(emu))
    .route('/subscriptions', subscriptionControlRoutes(emu))
    .route('/clock', clockRoutes(emu))
    .route('/queries', queryControlRoutes(emu))
    .route('/feedback', feedbackControlRoutes(emu))
    .route('/requests', requestLogRoutes(emu, requests))
}
