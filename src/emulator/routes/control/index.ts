import type { Hono } from 'hono'
import type { AuthedEnv, Emulator } from '../../context.js'
import { shopRoutes } from './shops.js'
import { keyRoutes } from './keys.js'
import { webhookRoutes } from './webhooks.js'
import { eventStreamRoutes } from './events.js'

/** The dashboard's functions over HTTP under /_emulator (DESIGN.md, "Emulator control API"). */
export function controlRoutes(emu: Emulator, control: Hono<AuthedEnv>): Hono<AuthedEnv> {
  return control
    .route('/shops', shopRoutes(emu))
    .route('/keys', keyRoutes(emu))
    .route('/webhooks', webhookRoutes(emu))
    .route('/events', eventStreamRoutes(emu))
}
