import { Hono } from 'hono'
import { CouponListQuerySchema, CreateCouponBodySchema, UpdateCouponBodySchema } from '../../../spec/coupons.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { present } from '../../present.js'
import type { Services } from '../../services/index.js'

export const couponRoutes = ({ coupons }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      const { active } = parseQuery(c, CouponListQuerySchema)
      const list = coupons.list(c.var.shop, active === undefined ? undefined : active === 'true')
      return c.json({ coupons: list.map(present) })
    })
    .get('/:id', (c) => c.json(present(coupons.get(c.var.shop, c.req.param('id')))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateCouponBodySchema)
      return c.json(present(await coupons.create(c.var.shop, body)), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateCouponBodySchema)
      return c.json(present(await coupons.update(c.var.shop, c.req.param('id'), body)))
    })
    .delete('/:id', async (c) => {
      await coupons.delete(c.var.shop, c.req.param('id'))
      return c.json({ success: true as const })
    })
