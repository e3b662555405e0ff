import {
  BLACKLIST_DUPLICATE,
  BLACKLIST_VALUE_UNFIT,
  BLACKLIST_VALUE_WORDS,
  normaliseBlacklistValue,
  type BlacklistType,
  type CreateBlacklistBody,
  type UpdateBlacklistBody,
} from '../../../contract/blacklists.js'
import { StoreError } from '../../../contract/errors.js'
import { refuse } from '../../../contract/refusals.js'
import type { ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import type { ResourceRules } from '../common/shop-resource.js'
import { rowOfShop } from '../common/shop-rows.js'

const entryOf = (deps: ServiceDeps, shop: ShopRecord, type: BlacklistType, value: string) =>
  deps.collections.blacklists.getBy('entry', `${shop.id}:${type}:${value}`)

/**
 * Refuses a blacklisted visitor (by e-mail, IP or country) with 403 (spec, "Blacklist entry":
 * matching visitors are kept out). The message names what matched, never the merchant's reason.
 */
export function assertNotBlacklisted(
  deps: ServiceDeps,
  shop: ShopRecord,
  who: { ip?: string | null; country?: string | null; email?: string },
): void {
  const checks = [
    ['EMAIL', who.email, 'your e-mail address'],
    ['IP', who.ip, 'your IP address'],
    ['COUNTRY', who.country, 'your country'],
  ] as const
  for (const [type, value, what] of checks) {
    const checked = value ? normaliseBlacklistValue(type, value) : undefined
    if (checked && 'value' in checked && entryOf(deps, shop, type, checked.value))
      throw new StoreError(403, `${what} is blocked by this shop; contact the merchant if you think this is a mistake`)
  }
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
