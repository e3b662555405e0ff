import {
  COUPON_CODE_TAKEN,
  COUPON_PERCENT_ABOVE_100,
  type CreateCouponBody,
  type UpdateCouponBody,
} from '../../../contract/coupons.js'
import { refuse } from '../../../contract/refusals.js'
import type { ServiceDeps } from '../common/deps.js'
import type { CouponRecord, ShopRecord } from '../../../contract/rows.js'
import { rowOfShop } from '../common/shop-rows.js'

/** A coupon of the shop by its id, else by its code (any case): a code works wherever an id does. */
export function findCoupon(deps: ServiceDeps, shop: ShopRecord, idOrCode: string): CouponRecord {
  return rowOfShop(deps.collections.coupons, shop, idOrCode, 'coupon', () => findCouponByCode(deps, shop, idOrCode))
}

/** A coupon of the shop by code, any case (codes are stored uppercased). */
export function findCouponByCode(deps: ServiceDeps, shop: ShopRecord, code: string): CouponRecord | undefined {
  return deps.collections.coupons.getBy('code', `${shop.id}:${code.toUpperCase()}`)
}

/** The shop's coupons, newest first; `active` keeps only coupons whose `active` flag matches (docs/emulator.md, "Coupons"). */
export function listCoupons(deps: ServiceDeps, shop: ShopRecord, active?: boolean): CouponRecord[] {
  const out: CouponRecord[] = []
  for (const coupon of deps.collections.coupons.newestFirst('shop', shop.id))
    if (active === undefined || coupon.active === active) out.push(coupon)
  return out
}

/** Codes are unique per shop (spec, "Errors": 409 for a duplicate coupon code). */
function assertCodeFree(deps: ServiceDeps, shop: ShopRecord, code: string, ownId?: string): void {
  const holder = findCouponByCode(deps, shop, code)
  if (holder && holder.id !== ownId) throw refuse(COUPON_CODE_TAKEN, { code, id: holder.id })
}

export function buildCoupon(deps: ServiceDeps, shop: ShopRecord, body: CreateCouponBody): CouponRecord {
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
}

/** Applies only the given fields; `expiresAt: null` removes the expiry (spec, "Coupons"). */
export function applyCouponUpdate(
  deps: ServiceDeps,
  shop: ShopRecord,
  coupon: CouponRecord,
  body: UpdateCouponBody,
): CouponRecord {
  if (body.code !== undefined) assertCodeFree(deps, shop, body.code, coupon.id)
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
  const next: CouponRecord = { ...coupon, ...changes, updatedAt: deps.nowIso(shop) }
  // The schema checked a value sent with its type; one sent alone meets the stored other half here.
  if (next.type === 'percentage' && next.value > 100) throw refuse(COUPON_PERCENT_ABOVE_100)
  return next
}

/** The shop's coupons (`/api/v1/coupons`); checkout applies them (coupons/refusal.ts). */
export const couponRules = {
  collection: 'coupons',
  find: findCoupon,
  list: listCoupons,
  build: buildCoupon,
  applyUpdate: applyCouponUpdate,
} as const
