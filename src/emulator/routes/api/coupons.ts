import {
  COUPON_CODE_TAKEN,
  COUPON_PERCENT_ABOVE_100,
  CouponListQuerySchema,
  CouponListSchema,
  CouponSchema,
  CreateCouponBodySchema,
  UpdateCouponBodySchema,
} from '../../../contract/coupons.js'
import { answerJson } from '../../inspector/answer.js'
import { presentCoupon } from '../../services/coupons/present.js'
import { errorCases } from '../../../contract/refusals.js'
import { crudRoutes, resourceOperations } from '../resource.js'
import { authedRoute } from '../route.js'

const names = {
  path: '/coupons',
  one: 'a coupon',
  id: "The coupon's id. Emulator: or its code, in any case.",
}

const listCoupons = authedRoute(
  resourceOperations(names).list(CouponListSchema, {
    description: '`active=true` lists only active coupons (`false` only inactive ones). Emulator: newest first.',
    query: CouponListQuerySchema,
  }),
  (c, { services, query: { active } }) => {
    const list = services.coupons.list(c.get('shop'), active === undefined ? undefined : active === 'true')
    return answerJson(c, { coupons: list.map(presentCoupon) })
  },
)

export const couponRoutes = crudRoutes({
  names,
  schemas: {
    one: CouponSchema,
    list: CouponListSchema,
    create: CreateCouponBodySchema,
    update: UpdateCouponBodySchema,
  },
  words: {
    create: 'The code is stored uppercased; `active` defaults to true.',
    update:
      'Applies only the fields sent. `expiresAt: null` removes the expiry; `minAmount` cannot be changed (the spec lists no such update field).',
    delete: 'Permanent.',
  },
  errors: { create: errorCases(COUPON_CODE_TAKEN), update: errorCases(COUPON_PERCENT_ABOVE_100, COUPON_CODE_TAKEN) },
  service: (services) => services.coupons,
  list: listCoupons,
  present: presentCoupon,
})
