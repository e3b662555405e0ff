// Coupon rules at checkout (DESIGN.md "Storefront": inactive, expired, exhausted, below minAmount are refused).
import { StoreError } from '../../../contract/errors.js'
import type { CouponRecord } from '../../store/records.js'

const field = (status: number, message: string) =>
  new StoreError(status, `couponCode: ${message}`, [{ field: 'couponCode', message }])

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
  if (!coupon) return field(400, `no coupon "${code}" exists in this shop`)
  if (!coupon.active) return field(400, `coupon "${coupon.code}" is not active`)
  if (coupon.expiresAt !== null && Date.parse(coupon.expiresAt) <= now.getTime())
    return field(400, `coupon "${coupon.code}" expired at ${coupon.expiresAt}`)
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit)
    return field(
      409,
      `coupon "${coupon.code}" has been used ${coupon.usedCount} of ${coupon.usageLimit} times; no uses are left`,
    )
  if (coupon.minAmount !== null && amount < coupon.minAmount)
    return field(
      400,
      `coupon "${coupon.code}" needs an order of at least ${coupon.minAmount.toFixed(2)} (this one is ${amount.toFixed(2)})`,
    )
  return undefined
}
