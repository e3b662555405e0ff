import type { z } from 'zod'
import { SuccessSchema } from '../spec/common.js'
import {
  CouponListSchema,
  CouponSchema,
  type CreateCouponBodySchema,
  type UpdateCouponBodySchema,
} from '../spec/coupons.js'
import { segment, type Http } from './http.js'

/** `/coupons` (spec, "Endpoints: Coupons"). Codes are uppercased by the server. */
export function coupons(http: Http) {
  return {
    /** `active: true` lists only active coupons. */
    list: (query: { active?: boolean | 'true' | 'false' } = {}) =>
      http.request('GET', '/coupons', { query, schema: CouponListSchema }),
    get: (id: string) => http.request('GET', `/coupons/${segment(id)}`, { schema: CouponSchema }),
    create: (body: z.input<typeof CreateCouponBodySchema>) =>
      http.request('POST', '/coupons', { body, schema: CouponSchema }),
    /** Applies only the given fields; `expiresAt: null` removes the expiry. */
    update: (id: string, body: z.input<typeof UpdateCouponBodySchema>) =>
      http.request('PUT', `/coupons/${segment(id)}`, { body, schema: CouponSchema }),
    delete: (id: string) => http.request('DELETE', `/coupons/${segment(id)}`, { schema: SuccessSchema }),
  }
}
export type CouponsClient = ReturnType<typeof coupons>
