import {
  COUPON_CODE_TAKEN,
  COUPON_PERCENT_ABOVE_100,
  type CreateCouponBody,
  type UpdateCouponBody,
} from '../../../contract/coupons.js'
import { refuse } from '../../../contract/refusals.js'
import type { CouponRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import type { ResourceRules } from '../common/shop-resource.js'
import { given, rowOfShop } from '../common/shop-rows.js'

/** A coupon of the shop by code, any case (codes are stored uppercased). */
export function findCouponByCode(deps: ServiceDeps, shop: ShopRecord, code: string): CouponRecord | undefined {
  return deps.collections.coupons.getBy('code', `${shop.id}:${code.toUpperCase()}`)
}

/** Codes are unique per shop (spec, "Errors": 409 for a duplicate coupon code). */
function assertCodeFree(deps: ServiceDeps, shop: ShopRecord, code: string, ownId?: string): void {
  const holder = findCouponByCode(deps, shop, code)
  if (holder && holder.id !== ownId) throw refuse(COUPON_CODE_TAKEN, { code, id: holder.id })
}

/** The shop's coupons (`/api/v1/coupons`); checkout applies them (coupons/refusal.ts). */
export const couponRules: ResourceRules<'coupons', CreateCouponBody, UpdateCouponBody, CouponRecord, boolean> = {
  collection: 'coupons',
  /** By id, else by code (any case): a code works wherever an id does. */
  find: (deps, shop, idOrCode) =>
    rowOfShop(deps.collections.coupons, shop, idOrCode, 'coupon', () => findCouponByCode(deps, shop, idOrCode)),
  /** Newest first; `active` keeps only coupons whose `active` flag matches (docs/emulator.md, "Coupons"). */
  list: (deps, shop, active) =>
    [...deps.collections.coupons.newestFirst('shop', shop.id)].filter(
      (c) => active === undefined || c.active === active,
    ),
  build(deps, shop, body) {
    assertCodeFree(deps, shop, body.code)
    const now = deps.nowIso(shop)
    return {
      id: deps.newId('cpn'),
      code: body.code,
      type: body.type,
      value: body.value,
      usageLimit: body.usageLimit ?? null,
      usedCount: 0,
      minAmount: body.minAmount ?? null,
      expiresAt: body.expiresAt ?? null,
      active: body.active ?? true,
      createdAt: now,
      updatedAt: now,
      shopId: shop.id,
    }
  },
  /** Only the given fields; `expiresAt: null` removes the expiry (spec, "Coupons"). */
  applyUpdate(deps, shop, coupon, body) {
    if (body.code !== undefined) assertCodeFree(deps, shop, body.code, coupon.id)
    const next: CouponRecord = { ...coupon, ...given(body), updatedAt: deps.nowIso(shop) }
    // The schema checked a value sent with its type; one sent alone meets the stored other half here.
    if (next.type === 'percentage' && next.value > 100) throw refuse(COUPON_PERCENT_ABOVE_100)
    return next
  },
}
