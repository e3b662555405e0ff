// Coupon rules at checkout (DESIGN.md "Storefront": inactive, expired, exhausted, below minAmount are refused).
import {
  COUPON_BELOW_MINIMUM,
  COUPON_EXPIRED,
  COUPON_INACTIVE,
  COUPON_UNKNOWN,
  COUPON_USED_UP,
} from '../../../contract/coupons.js'
import type { StoreError } from '../../../contract/errors.js'
import { refuse } from '../../../contract/refusals.js'
import type { CouponRecord } from '../../../contract/rows.js'

/**
 * Why a coupon cannot be used on an order, or undefined when it can. `amount` is the order's
 * amount before the coupon (after any group discount), the figure `minAmount` is compared with.
 * Unknown, inactive, expired and below-minimum are the buyer's input (400); a coupon whose
 * uses are all taken conflicts with the shop's state (409).
 */
export function couponRefusal(
  coupon: CouponRecord | undefined,
  code: string,
  now: Date,
  amount: number,
): StoreError | undefined {
  if (!coupon) return refuse(COUPON_UNKNOWN, { code })
  if (!coupon.active) return refuse(COUPON_INACTIVE, { code: coupon.code })
  if (coupon.expiresAt !== null && Date.parse(coupon.expiresAt) <= now.getTime())
    return refuse(COUPON_EXPIRED, { code: coupon.code, expiresAt: coupon.expiresAt })
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit)
    return refuse(COUPON_USED_UP, { code: coupon.code, used: coupon.usedCount, limit: coupon.usageLimit })
  if (coupon.minAmount !== null && amount < coupon.minAmount)
    return refuse(COUPON_BELOW_MINIMUM, {
      code: coupon.code,
      minimum: coupon.minAmount.toFixed(2),
      amount: amount.toFixed(2),
    })
  return undefined
}
