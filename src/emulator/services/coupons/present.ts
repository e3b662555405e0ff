import { CouponSchema } from '../../../contract/coupons.js'
import type { CouponRecord } from '../../../contract/rows.js'
import { listed } from '../common/listed.js'

export const presentCoupon = (row: CouponRecord) => listed(CouponSchema, row)
