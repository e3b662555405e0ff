import { presentCoupon } from '../../services/coupons/present.js'
import { crudHandlers } from '../crud.js'
import { authedHandlers } from '../route.js'

const coupon = crudHandlers({ key: 'coupons', service: (services) => services.coupons, present: presentCoupon })

export const couponHandlers = authedHandlers({
  listCoupons: (c, { services, query: { active } }) => {
    const list = services.coupons.list(c.get('shop'), active === undefined ? undefined : active === 'true')
    return { status: 200, body: { coupons: list.map(presentCoupon) } }
  },
  getCoupon: coupon.get,
  createCoupon: coupon.create,
  updateCoupon: coupon.update,
  deleteCoupon: coupon.delete,
})
