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
import type { BlacklistRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import type { ResourceRules } from '../common/shop-resource.js'
import { rowOfShop } from '../common/shop-rows.js'

const entryOf = (deps: ServiceDeps, shop: ShopRecord, type: BlacklistType, value: string) =>
  deps.collections.blacklists.getBy('entry', `${shop.id}:${type}:${value}`)

/** The entry matching a visitor's IP, country or e-mail, if any (for checkout and the storefront). */
export function matchBlacklist(
  deps: ServiceDeps,
  shop: ShopRecord,
  type: BlacklistType,
  value: string,
): BlacklistRecord | undefined {
  const checked = normaliseBlacklistValue(type, value)
  return 'value' in checked ? entryOf(deps, shop, type, checked.value) : undefined
}

/** One entry per visitor (the same type and value): a second is a 409. */
function assertNotListed(deps: ServiceDeps, shop: ShopRecord, type: BlacklistType, value: string, ownId?: string) {
  const holder = entryOf(deps, shop, type, value)
  if (holder && holder.id !== ownId) throw refuse(BLACKLIST_DUPLICATE, { type, value, id: holder.id })
}

/** Who may not buy (`/api/v1/blacklists`): IPs, countries and e-mail addresses per shop. */
export const blacklistRules: ResourceRules<'blacklists', CreateBlacklistBody, UpdateBlacklistBody> = {
  collection: 'blacklists',
  find: (deps, shop, id) => rowOfShop(deps.collections.blacklists, shop, id, 'blacklist entry'),
  list: (deps, shop) => [...deps.collections.blacklists.newestFirst('shop', shop.id)],
  build(deps, shop, body) {
    assertNotListed(deps, shop, body.type, body.value)
    return {
      id: deps.newId('bl'),
      type: body.type,
      value: body.value,
      reason: body.reason ?? null,
      createdAt: deps.nowIso(shop),
      shopId: shop.id,
    }
  },
  /**
   * The schema checked a value sent with its type; a type or a value sent alone meets the stored
   * other half here, and the pair must still fit.
   */
  applyUpdate(deps, shop, entry, body) {
    const type = body.type ?? entry.type
    let value = body.value ?? entry.value
    if (body.type === undefined || body.value === undefined) {
      const checked = normaliseBlacklistValue(type, value)
      if ('error' in checked) throw refuse(BLACKLIST_VALUE_UNFIT, { expected: BLACKLIST_VALUE_WORDS[type], type })
      value = checked.value
    }
    assertNotListed(deps, shop, type, value, entry.id)
    return { ...entry, type, value, reason: body.reason === undefined ? entry.reason : body.reason }
  },
}
