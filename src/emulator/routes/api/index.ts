import type { Hono } from 'hono'
import type { AuthedEnv, Emulator } from '../../context.js'
import { productRoutes } from './products.js'

/** Every resource of /api/v1, one sub-app per resource. */
export function apiRoutes(emu: Emulator, api: Hono<AuthedEnv>): Hono<AuthedEnv> {
  return api
    .route('/products', productRoutes(emu))
}
