import {
  BLACKLIST_DUPLICATE,
  BLACKLIST_VALUE_UNFIT,
  BLACKLIST_VALUE_WORDS,
  normaliseBlacklistValue,
  type BlacklistType,
  type CreateBlacklistBody,
  type UpdateBlacklistBody,
} from '../../../contract/blacklists.js'
import { refuse } from '../../../contract/refusals.js'
import type { ServiceDeps } from '../common/deps.js'
import type { BlacklistRecord, ShopRecord } from '../../../contract/rows.js'
import { rowOfShop } from '../common/shop-rows.js'

/** A blacklist entry of the shop by id; 404 otherwise. */
export function findBlacklistEntry(deps: ServiceDeps, shop: ShopRecord, id: string): BlacklistRecord {
  return rowOfShop(deps.collections.blacklists, shop, id, 'blacklist entry')
}

/** The entry matching a visitor's IP, country or e-mail, if any (for checkout and the storefront). */
export function matchBlacklist(
  deps: ServiceDeps,
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
export function listBlacklists(deps: ServiceDeps, shop: ShopRecord): BlacklistRecord[] {
  return [...deps.collections.blacklists.newestFirst('shop', shop.id)]
}

/** One entry per visitor (the same type and value): a second is a 409. */
function assertNotListed(
  deps: ServiceDeps,
  shop: ShopRecord,
  type: BlacklistType,
  value: string,
  ownId?: string,
): void {
  const holder = deps.collections.blacklists.getBy('entry', `${shop.id}:${type}:${value}`)
  if (holder && holder.id !== ownId) throw refuse(BLACKLIST_DUPLICATE, { type, value, id: holder.id })
}

export function buildBlacklistEntry(deps: ServiceDeps, shop: ShopRecord, body: CreateBlacklistBody): BlacklistRecord {
  assertNotListed(deps, shop, body.type, body.value)
  return {
    id: deps.newId('bl'),
    type: body.type,
    value: body.value,
    reason: body.reason ?? null,
    createdAt: deps.nowIso(shop),
    shopId: shop.id,
  }
}

/**
 * Applies the given fields. The schema checked a value sent with its type; a type or a value sent
 * alone meets the stored other half here, and the pair must still fit.
 */
export function applyBlacklistUpdate(
  deps: ServiceDeps,
  shop: ShopRecord,
  entry: BlacklistRecord,
  body: UpdateBlacklistBody,
): BlacklistRecord {
  const type = body.type ?? entry.type
  let value = body.value ?? entry.value
  if (body.type === undefined || body.value === undefined) {
    const checked = normaliseBlacklistValue(type, value)
    if ('error' in checked) throw refuse(BLACKLIST_VALUE_UNFIT, { expected: BLACKLIST_VALUE_WORDS[type], type })
    value = checked.value
  }
  assertNotListed(deps, shop, type, value, entry.id)
  return { ...entry, type, value, reason: body.reason === undefined ? entry.reason : body.reason }
}

/** Who may not buy (`/api/v1/blacklists`): IPs, countries and e-mail addresses per shop. */
export const blacklistRules = {
  collection: 'blacklists',
  find: findBlacklistEntry,
  list: listBlacklists,
  build: buildBlacklistEntry,
  applyUpdate: applyBlacklistUpdate,
} as const
