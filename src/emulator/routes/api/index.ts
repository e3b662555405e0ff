import type { Hono } from 'hono'
import type { AuthedEnv } from '../../middleware/auth.js'
import type { Services } from '../../services/index.js'
import { productRoutes } from './products.js'
import { orderRoutes } from './orders.js'
import { couponRoutes } from './coupons.js'
import { blacklistRoutes } from './blacklists.js'
import { categoryRoutes } from './categories.js'
import { groupRoutes } from './groups.js'
import { customerRoutes } from './customers.js'
import { subscriptionRoutes } from './subscriptions.js'
import { themeRoutes } from './themes.js'

/** Every resource of /api/v1, one sub-app per resource. */
export function apiRoutes(services: Services, api: Hono<AuthedEnv>): Hono<AuthedEnv> {
  return api
    .route('/products', productRoutes(services))
    .route('/orders', orderRoutes(services))
    .route('/coupons', couponRoutes(services))
    .route('/blacklists', blacklistRoutes(services))
    .route('/categories', categoryRoutes(services))
    .route('/groups', groupRoutes(services))
    .route('/customers', customerRoutes(services))
    .route('/subscriptions', subscriptionRoutes(services))
    .route('/themes', themeRoutes(services))
}
