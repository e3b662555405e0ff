import {
  CouponListQuerySchema,
  CouponListSchema,
  CouponSchema,
  CreateCouponBodySchema,
  UpdateCouponBodySchema,
} from '../../../spec/coupons.js'
import { SUCCESS, json } from '../../openapi/operations.js'
import { presentCoupon } from '../../services/coupons/present.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

const ID = { id: "The coupon's id. Emulator: or its code, in any case." }
const CONFLICT: [number, string] = [409, 'A coupon with this code already exists in the shop.']

export const couponRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/coupons',
      operationId: 'listCoupons',
      summary: 'List coupons',
      description: '`active=true` lists only active coupons (`false` only inactive ones). Emulator: newest first.',
      tag: 'coupons',
      query: CouponListQuerySchema,
      ok: { status: 200, description: '`{ coupons: [...] }`', content: json(CouponListSchema) },
    },
    (c, { services, query: { active } }) => {
      const list = services.coupons.list(c.var.shop, active === undefined ? undefined : active === 'true')
      return answerJson(c, { coupons: list.map(presentCoupon) })
    },
  ),
  authedRoute(
    {
      method: 'get',
      path: '/coupons/{id}',
      operationId: 'getCoupon',
      summary: 'Read a coupon',
      tag: 'coupons',
      params: ID,
      ok: { status: 200, description: 'The coupon.', content: json(CouponSchema) },
    },
    (c, { services, params }) => answerJson(c, presentCoupon(services.coupons.get(c.var.shop, params.id))),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/coupons',
      operationId: 'createCoupon',
      summary: 'Create a coupon',
      description: 'The code is stored uppercased; `active` defaults to true.',
      tag: 'coupons',
      body: CreateCouponBodySchema,
      ok: { status: 201, description: 'The created coupon.', content: json(CouponSchema) },
      errors: [CONFLICT],
    },
    async (c, { services, body }) =>
      answerJson(c, presentCoupon(await services.coupons.create(c.var.shop, await body())), 201),
  ),
  authedRoute(
    {
      method: 'put',
      path: '/coupons/{id}',
      operationId: 'updateCoupon',
      summary: 'Update a coupon',
      description:
        'Applies only the fields sent. `expiresAt: null` removes the expiry; `minAmount` cannot be changed (the spec lists no such update field).',
      tag: 'coupons',
      params: ID,
      body: UpdateCouponBodySchema,
      ok: { status: 200, description: 'The updated coupon.', content: json(CouponSchema) },
      errors: [CONFLICT],
    },
    async (c, { services, params, body }) =>
      answerJson(c, presentCoupon(await services.coupons.update(c.var.shop, params.id, await body()))),
  ),
  authedRoute(
    {
      method: 'delete',
      path: '/coupons/{id}',
      operationId: 'deleteCoupon',
      summary: 'Delete a coupon',
      description: 'Permanent.',
      tag: 'coupons',
      params: ID,
      ok: SUCCESS,
    },
    async (c, { services, params }) => {
      await services.coupons.delete(c.var.shop, params.id)
      return answerJson(c, { success: true as const })
    },
  ),
]
