import { CouponSchema } from '../../../contract/coupons.js'
import { presenterOf } from '../common/listed.js'

export const presentCoupon = presenterOf(CouponSchema)
