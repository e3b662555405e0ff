import type { CreateCouponBody, UpdateCouponBody } from '../../../contract/coupons.js'
import type { CouponRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { ShopResource } from '../common/shop-resource.js'
import { applyCouponUpdate, buildCoupon, findCoupon, listCoupons } from './rules.js'

/** The shop's coupons (`/api/v1/coupons`); checkout applies them (coupons/refusal.ts). */
export class CouponService extends ShopResource<'coupons', CreateCouponBody, UpdateCouponBody> {
  constructor(deps: ServiceDeps) {
    super(deps, {
      collection: 'coupons',
      find: findCoupon,
      build: buildCoupon,
      applyUpdate: applyCouponUpdate,
    })
  }

  /** Newest first; `active` keeps only coupons whose `active` flag matches. */
  list(shop: ShopRecord, active?: boolean): CouponRecord[] {
    return listCoupons(this.deps, shop, active)
  }
}
