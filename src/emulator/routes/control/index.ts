import type { Hono } from 'hono'
import type { AuthedEnv } from '../../middleware/auth.js'
import type { EmulatorOptions } from '../../deps.js'
import type { Services } from '../../services/index.js'
import { shopRoutes } from './shops.js'
import { keyRoutes } from './keys.js'
import { webhookRoutes } from './webhooks.js'
import { eventStreamRoutes } from './events.js'
import { productControlRoutes } from './products.js'
import { orderControlRoutes } from './orders.js'
import { subscriptionControlRoutes } from './subscriptions.js'
import { clockRoutes } from './clock.js'
import { resetRoutes, stateRoutes } from './states.js'
import { feedbackControlRoutes, queryControlRoutes } from './queries.js'
import { requestLogRoutes } from './requests.js'
import { faultRoutes } from './faults.js'
import type { RequestRecorder } from '../../inspector/recorder.js'

/** The dashboard's functions over HTTP under /_emulator (DESIGN.md, "Emulator control API"). */
export function controlRoutes(
  services: Services,
  options: EmulatorOptions,
  control: Hono<AuthedEnv>,
  requests: RequestRecorder,
): Hono<AuthedEnv> {
  return control
    .route('/shops', shopRoutes(services))
    .route('/keys', keyRoutes(services))
    .route('/webhooks', webhookRoutes(services))
    .route('/events', eventStreamRoutes(services, options))
    .route('/products', productControlRoutes(services))
    .route('/orders', orderControlRoutes(services))
    .route('/subscriptions', subscriptionControlRoutes(services))
    .route('/clock', clockRoutes(services))
    .route('/state', stateRoutes(services))
    .route('/reset', resetRoutes(services))
    .route('/queries', queryControlRoutes(services))
    .route('/feedback', feedbackControlRoutes(services))
    .route('/requests', requestLogRoutes(services, options, requests))
    .route('/faults', faultRoutes(services))
}
