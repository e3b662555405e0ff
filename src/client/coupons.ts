import type { Success } from '../contract/common.js'
import type { Coupon, CouponList, CreateCouponInput, UpdateCouponInput } from '../contract/coupons.js'
import type { CallOptions, Http } from './http.js'

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
    list: (query = {}, options = {}) => http.call('listCoupons', { ...options, query }),
    get: (id, options = {}) => http.call('getCoupon', { ...options, params: { id } }),
    create: (body, options = {}) => http.call('createCoupon', { ...options, body }),
    update: (id, body, options = {}) => http.call('updateCoupon', { ...options, params: { id }, body }),
    delete: (id, options = {}) => http.call('deleteCoupon', { ...options, params: { id } }),
  }
}
