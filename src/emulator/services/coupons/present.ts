import type { ListedFields } from '../../../contract/common.js'
import type { CouponSchema } from '../../../contract/coupons.js'
import type { CouponRecord } from '../../../contract/rows.js'

/** A coupon as the API shows it (spec, "Resources: Coupon"); never the shop. */
export function presentCoupon(row: CouponRecord): ListedFields<typeof CouponSchema> {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    minAmount: row.minAmount,
    expiresAt: row.expiresAt,
    active: row.active,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}
