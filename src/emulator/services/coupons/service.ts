import type { CreateCouponBody, UpdateCouponBody } from '../../../spec/coupons.js'
import type { CouponRecord, ShopRecord } from '../../store/records.js'
import { applyCouponUpdate, buildCoupon, findCoupon, listCoupons } from './rules.js'
import type { Shared } from '../shared.js'

/** The shop's coupons (`/api/v1/coupons`); checkout applies them (coupons/refusal.ts). */
export class CouponService {
  constructor(private readonly deps: Shared) {}

  /** Newest first; `active` keeps only coupons whose `active` flag matches. */
  list(shop: ShopRecord, active?: boolean): CouponRecord[] {
    return listCoupons(this.deps, shop, active)
  }

  get(shop: ShopRecord, id: string): CouponRecord {
    return findCoupon(this.deps, shop, id)
  }

  create(shop: ShopRecord, body: CreateCouponBody): Promise<CouponRecord> {
    return this.deps.transact((tx) => tx.put('coupons', buildCoupon(this.deps, shop, body)))
  }

  update(shop: ShopRecord, id: string, body: UpdateCouponBody): Promise<CouponRecord> {
    return this.deps.transact((tx) =>
      tx.put('coupons', applyCouponUpdate(this.deps, shop, findCoupon(this.deps, shop, id), body)),
    )
  }

  delete(shop: ShopRecord, id: string): Promise<void> {
    return this.deps.transact((tx) => tx.delete('coupons', findCoupon(this.deps, shop, id).id))
  }
}
