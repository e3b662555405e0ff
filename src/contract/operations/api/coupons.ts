import {
  COUPON_CODE_TAKEN,
  COUPON_PERCENT_ABOVE_100,
  CouponListQuerySchema,
  CouponListSchema,
  CouponSchema,
  CreateCouponBodySchema,
  UpdateCouponBodySchema,
} from '../../coupons.js'
import { errorCases } from '../../refusals.js'
import type { OperationInput } from '../operation.js'
import { resourceOperations } from '../resource.js'

const coupon = resourceOperations({
  path: '/coupons',
  one: 'a coupon',
  id: "The coupon's id. Emulator: or its code, in any case.",
})

/** `/coupons` (spec, "Endpoints: Coupons"). */
export const COUPON_OPERATIONS = {
  listCoupons: coupon.list(CouponListSchema, {
    description: '`active=true` lists only active coupons (`false` only inactive ones). Emulator: newest first.',
    query: CouponListQuerySchema,
  }),
  getCoupon: coupon.get(CouponSchema),
  createCoupon: coupon.create(CreateCouponBodySchema, CouponSchema, {
    description: 'The code is stored uppercased; `active` defaults to true.',
    errors: errorCases(COUPON_CODE_TAKEN),
  }),
  updateCoupon: coupon.update(UpdateCouponBodySchema, CouponSchema, {
    description:
      'Applies only the fields sent. `expiresAt: null` removes the expiry; `minAmount` cannot be changed (the spec lists no such update field).',
    errors: errorCases(COUPON_PERCENT_ABOVE_100, COUPON_CODE_TAKEN),
  }),
  deleteCoupon: coupon.delete({ description: 'Permanent.' }),
} satisfies Record<string, OperationInput>
