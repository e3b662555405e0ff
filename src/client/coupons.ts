import type { Success } from '../contract/common.js'
import type { Coupon, CouponList, CreateCouponInput, UpdateCouponInput } from '../contract/coupons.js'
import { segment, type CallOptions, type Http } from './http.js'

export interface CouponsClient {
  /** `active: true` lists only active coupons. */
  list(query?: { active?: boolean }, options?: CallOptions): Promise<CouponList>
  get(id: string, options?: CallOptions): Promise<Coupon>
  /** The code is stored uppercased. */
  create(body: CreateCouponInput, options?: CallOptions): Promise<Coupon>
  /** Applies only the given fields; `expiresAt: null` removes the expiry. */
  update(id: string, body: UpdateCouponInput, options?: CallOptions): Promise<Coupon>
  delete(id: string, options?: CallOptions): Promise<Success>
}

/** `/coupons` (spec, "Endpoints: Coupons"). Codes are uppercased by the server. */
export function coupons(http: Http): CouponsClient {
  return {
    list: (query = {}, options = {}) => http.request('GET', '/coupons', { ...options, query, schema: 'CouponList' }),
    get: (id, options = {}) => http.request('GET', `/coupons/${segment(id)}`, { ...options, schema: 'Coupon' }),
    create: (body, options = {}) => http.request('POST', '/coupons', { ...options, body, schema: 'Coupon' }),
    update: (id, body, options = {}) =>
      http.request('PUT', `/coupons/${segment(id)}`, { ...options, body, schema: 'Coupon' }),
    delete: (id, options = {}) => http.request('DELETE', `/coupons/${segment(id)}`, { ...options, schema: 'Success' }),
  }
}
