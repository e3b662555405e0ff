// Prices of an order: DESIGN.md "Storefront" — line totals, group discountPercent, then the coupon;
// money rounded to cents at every step, never negative.
import type { CouponType } from '../../../contract/coupons.js'
import { cents } from '../../money.js'

export interface PriceInput {
  lines: readonly { price: number; quantity: number }[]
  groupDiscountPercent?: number
  coupon?: { type: CouponType; value: number }
}

export interface Priced {
  lineTotals: number[]
  subtotal: number
  groupDiscount: number
  /** Subtotal after the group discount: what a coupon's minAmount is compared with and what it applies to. */
  beforeCoupon: number
  couponDiscount: number
  discount: number
  total: number
}

export function priceOrder(input: PriceInput): Priced {
  const lineTotals = input.lines.map((l) => cents(l.price * l.quantity))
  const subtotal = cents(lineTotals.reduce((sum, t) => sum + t, 0))
  const groupDiscount = Math.min(subtotal, cents((subtotal * (input.groupDiscountPercent ?? 0)) / 100))
  const beforeCoupon = cents(subtotal - groupDiscount)
  let couponDiscount = 0
  if (input.coupon) {
    const raw =
      input.coupon.type === 'percentage' ? cents((beforeCoupon * input.coupon.value) / 100) : cents(input.coupon.value)
    couponDiscount = Math.min(beforeCoupon, raw)
  }
  const total = Math.max(0, cents(beforeCoupon - couponDiscount))
  return {
    lineTotals,
    subtotal,
    groupDiscount,
    beforeCoupon,
    couponDiscount,
    discount: cents(groupDiscount + couponDiscount),
    total,
  }
}
