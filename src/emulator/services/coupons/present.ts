import type { ListedFields } from '../../../contract/common.js'
import { CouponSchema } from '../../../contract/coupons.js'
import type { CouponRecord } from '../../../contract/rows.js'
import { presenterOf } from '../common/listed.js'

export const presentCoupon: (row: CouponRecord) => ListedFields<typeof CouponSchema> = presenterOf(CouponSchema)
