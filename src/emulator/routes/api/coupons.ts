import { Hono } from 'hono'
import { CouponListQuerySchema, CreateCouponBodySchema, UpdateCouponBodySchema } from '../../../spec/coupons.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { presentCoupon } from '../../present/coupons.js'
import { applyCouponUpdate, buildCoupon, findCoupon, listCoupons } from '../../store/coupons.js'

export const couponRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      const { active } = parseQuery(c, CouponListQuerySchema)
      return c.json({
        coupons: listCoupons(emu, c.var.shop, active === undefined ? undefined : active === 'true').map(presentCoupon),
      })
    })
    .get('/:id', (c) => c.json(presentCoupon(findCoupon(emu, c.var.shop, c.req.param('id')))))
    .post('/', async (c) => {
      const body = await readBody(c, CreateCouponBodySchema)
      const coupon = await emu.store.tx((tx) => tx.put('coupons', buildCoupon(emu, c.var.shop, body)))
      return c.json(presentCoupon(coupon), 201)
    })
    .put('/:id', async (c) => {
      const body = await readBody(c, UpdateCouponBodySchema)
      const coupon = await emu.store.tx((tx) => {
        const before = findCoupon(emu, c.var.shop, c.req.param('id'))
        return tx.put('coupons', applyCouponUpdate(emu, c.var.shop, before, body))
      })
      return c.json(presentCoupon(coupon))
    })
    .delete('/:id', async (c) => {
      await emu.store.tx((tx) => tx.delete('coupons', findCoupon(emu, c.var.shop, c.req.param('id')).id))
      return c.json({ success: true as const })
    })
