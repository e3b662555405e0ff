import { describe, expect, it } from 'vitest'
import { priceOrder } from '../../../src/emulator/services/storefront/pricing.js'
import { couponRefusal } from '../../../src/emulator/services/coupons/refusal.js'
import type { CouponRecord } from '../../../src/contract/rows.js'

describe('priceOrder', () => {
  it.each([
    [
      'one line',
      { lines: [{ price: 9.5, quantity: 2 }] },
      { subtotal: 19, groupDiscount: 0, couponDiscount: 0, discount: 0, total: 19 },
    ],
    ['line totals round to cents', { lines: [{ price: 0.335, quantity: 3 }] }, { subtotal: 1.01, total: 1.01 }],
    [
      'group discount before the coupon',
      {
        lines: [
          { price: 9.5, quantity: 1 },
          { price: 3, quantity: 1 },
        ],
        groupDiscountPercent: 15,
        coupon: { type: 'percentage' as const, value: 10 },
      },
      { subtotal: 12.5, groupDiscount: 1.88, beforeCoupon: 10.62, couponDiscount: 1.06, discount: 2.94, total: 9.56 },
    ],
    [
      'fixed coupon',
      { lines: [{ price: 25, quantity: 1 }], coupon: { type: 'fixed' as const, value: 5 } },
      { couponDiscount: 5, total: 20 },
    ],
    [
      'fixed coupon larger than the order: total 0, never negative',
      { lines: [{ price: 3, quantity: 1 }], coupon: { type: 'fixed' as const, value: 5 } },
      { couponDiscount: 3, total: 0 },
    ],
    [
      '100% group discount',
      { lines: [{ price: 3, quantity: 2 }], groupDiscountPercent: 100 },
      { groupDiscount: 6, total: 0 },
    ],
    [
      'percentage coupon rounds half up',
      { lines: [{ price: 0.05, quantity: 1 }], coupon: { type: 'percentage' as const, value: 50 } },
      { couponDiscount: 0.03, total: 0.02 },
    ],
    [
      'float sums stay exact in cents',
      {
        lines: [
          { price: 0.1, quantity: 1 },
          { price: 0.2, quantity: 1 },
        ],
      },
      { subtotal: 0.3, total: 0.3 },
    ],
  ])('%s', (_name, input, expected) => {
    expect(priceOrder(input)).toMatchObject(expected)
  })
})

describe('couponRefusal', () => {
  const now = new Date('2026-06-01T12:00:00.000Z')
  const coupon = (fields: Partial<CouponRecord>): CouponRecord => ({
    id: 'cpn_1',
    code: 'SAVE',
    type: 'fixed',
    value: 5,
    usageLimit: null,
    usedCount: 0,
    minAmount: null,
    expiresAt: null,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    shopId: 'shop_1',
    ...fields,
  })
  it.each([
    ['unknown', undefined, 400, 'couponCode: no coupon "SAVE" exists in this shop'],
    ['inactive', coupon({ active: false }), 400, 'couponCode: coupon "SAVE" is not active'],
    [
      'expired',
      coupon({ expiresAt: '2026-06-01T12:00:00.000Z' }),
      400,
      'couponCode: coupon "SAVE" expired at 2026-06-01T12:00:00.000Z',
    ],
    [
      'exhausted',
      coupon({ usageLimit: 2, usedCount: 2 }),
      409,
      'couponCode: coupon "SAVE" has been used 2 of 2 times; no uses are left',
    ],
    [
      'below minAmount',
      coupon({ minAmount: 20 }),
      400,
      'couponCode: coupon "SAVE" needs an order of at least 20.00 (this one is 19.99)',
    ],
  ])('refuses a coupon that is %s', (_name, c, status, message) => {
    const refusal = couponRefusal(c, 'SAVE', now, 19.99)
    expect(refusal?.status).toBe(status)
    expect(refusal?.message).toBe(message)
  })

  it('accepts a coupon exactly at minAmount with uses left and a future expiry', () => {
    expect(
      couponRefusal(
        coupon({ minAmount: 19.99, usageLimit: 3, usedCount: 2, expiresAt: '2026-06-01T12:00:00.001Z' }),
        'SAVE',
        now,
        19.99,
      ),
    ).toBeUndefined()
  })
})
