import {
  normaliseBlacklistValue,
  type BlacklistType,
  type CreateBlacklistBody,
  type UpdateBlacklistBody,
} from '../../../contract/blacklists.js'
import { StoreError, badRequest } from '../../../contract/errors.js'
import type { Shared } from '../shared.js'
import type { BlacklistRecord, ShopRecord } from '../../store/records.js'
import { rowOfShop } from '../shop-rows.js'

/** A blacklist entry of the shop by id; 404 otherwise. */
export function findBlacklistEntry(deps: Shared, shop: ShopRecord, id: string): BlacklistRecord {
  return rowOfShop(deps.collections.blacklists, shop, id, 'blacklist entry')
}

/** The entry matching a visitor's IP, country or e-mail, if any (for checkout and the storefront). */
export function matchBlacklist(
  deps: Shared,
  shop: ShopRecord,
  type: BlacklistType,
  value: string,
): BlacklistRecord | undefined {
  const checked = normaliseBlacklistValue(type, value)
  return 'value' in checked
    ? deps.collections.blacklists.getBy('entry', `${shop.id}:${type}:${checked.value}`)
    : undefined
}

/** The shop's entries, newest first. */
export function listBlacklists(deps: Shared, shop: ShopRecord): BlacklistRecord[] {
  return [...deps.collections.blacklists.newestFirst('shop', shop.id)]
}

/** The value checked against the type and normalised; a second entry for the same visitor is a 409. */
function checkedValue(deps: Shared, shop: ShopRecord, type: BlacklistType, value: string, ownId?: string): string {
  const checked = normaliseBlacklistValue(type, value)
  if ('error' in checked) throw badRequest('value', checked.error)
  const holder = deps.collections.blacklists.getBy('entry', `${shop.id}:${type}:${checked.value}`)
  if (holder && holder.id !== ownId) {
    throw new StoreError(409, `value: ${type} ${checked.value} is already blacklisted in this shop (${holder.id})`, [
      { field: 'value', message: 'is already blacklisted' },
    ])
  }
  return checked.value
}

export function buildBlacklistEntry(deps: Shared, shop: ShopRecord, body: CreateBlacklistBody): BlacklistRecord {
  return {
    id: deps.newId('bl'),
    type: body.type,
    value: checkedValue(deps, shop, body.type, body.value),
    reason: body.reason ?? null,
    createdAt: deps.nowIso(shop),
    shopId: shop.id,
  }
}

/** Applies the given fields; a new type alone re-checks the stored value against it. */
export function applyBlacklistUpdate(
  deps: Shared,
  shop: ShopRecord,
  entry: BlacklistRecord,
  body: UpdateBlacklistBody,
): BlacklistRecord {
  const type = body.type ?? entry.type
  const value = checkedValue(deps, shop, type, body.value ?? entry.value, entry.id)
  return { ...entry, type, value, reason: body.reason === undefined ? entry.reason : body.reason }
}
