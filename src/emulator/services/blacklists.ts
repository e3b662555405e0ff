import {
  normaliseBlacklistValue,
  type BlacklistType,
  type CreateBlacklistBody,
  type UpdateBlacklistBody,
} from '../../spec/blacklists.js'
import { StoreError, badRequest, notFound } from '../../spec/errors.js'
import type { ServiceDeps } from './deps.js'
import type { BlacklistRecord, ShopRecord } from '../store/records.js'

/** A blacklist entry of the shop by id; 404 otherwise. */
function findBlacklistEntry(deps: ServiceDeps, shop: ShopRecord, id: string): BlacklistRecord {
  const entry = deps.rows.blacklists.get(id)
  if (!entry || entry.shopId !== shop.id) throw notFound('blacklist entry', id)
  return entry
}

/** The entry matching a visitor's IP, country or e-mail, if any (for checkout and the storefront). */
export function matchBlacklist(
  deps: ServiceDeps,
  shop: ShopRecord,
  type: BlacklistType,
  value: string,
): BlacklistRecord | undefined {
  const checked = normaliseBlacklistValue(type, value)
  return 'value' in checked ? deps.rows.blacklists.getBy('entry', `${shop.id}:${type}:${checked.value}`) : undefined
}

/** The shop's entries, newest first. */
export function listBlacklists(deps: ServiceDeps, shop: ShopRecord): BlacklistRecord[] {
  return [...deps.rows.blacklists.newestFirst('shop', shop.id)]
}

/** The value checked against the type and normalised; a second entry for the same visitor is a 409. */
function checkedValue(deps: ServiceDeps, shop: ShopRecord, type: BlacklistType, value: string, ownId?: string): string {
  const checked = normaliseBlacklistValue(type, value)
  if ('error' in checked) throw badRequest('value', checked.error)
  const holder = deps.rows.blacklists.getBy('entry', `${shop.id}:${type}:${checked.value}`)
  if (holder && holder.id !== ownId) {
    throw new StoreError(409, `value: ${type} ${checked.value} is already blacklisted in this shop (${holder.id})`, [
      { field: 'value', message: 'is already blacklisted' },
    ])
  }
  return checked.value
}

function buildBlacklistEntry(deps: ServiceDeps, shop: ShopRecord, body: CreateBlacklistBody): BlacklistRecord {
  return {
    id: deps.newId('bl'),
    type: body.type,
    value: checkedValue(deps, shop, body.type, body.value),
    reason: body.reason ?? null,
    createdAt: deps.nowIso(),
    shopId: shop.id,
  }
}

/** Applies the given fields; a new type alone re-checks the stored value against it. */
function applyBlacklistUpdate(
  deps: ServiceDeps,
  shop: ShopRecord,
  entry: BlacklistRecord,
  body: UpdateBlacklistBody,
): BlacklistRecord {
  const type = body.type ?? entry.type
  const value = checkedValue(deps, shop, type, body.value ?? entry.value, entry.id)
  return { ...entry, type, value, reason: body.reason === undefined ? entry.reason : body.reason }
}

/** Who may not buy (`/api/v1/blacklists`): IPs, countries and e-mail addresses per shop. */
export class BlacklistService {
  constructor(private readonly deps: ServiceDeps) {}

  list(shop: ShopRecord): BlacklistRecord[] {
    return listBlacklists(this.deps, shop)
  }

  get(shop: ShopRecord, id: string): BlacklistRecord {
    return findBlacklistEntry(this.deps, shop, id)
  }

  create(shop: ShopRecord, body: CreateBlacklistBody): Promise<BlacklistRecord> {
    return this.deps.store.tx((tx) => tx.put('blacklists', buildBlacklistEntry(this.deps, shop, body)))
  }

  update(shop: ShopRecord, id: string, body: UpdateBlacklistBody): Promise<BlacklistRecord> {
    return this.deps.store.tx((tx) =>
      tx.put('blacklists', applyBlacklistUpdate(this.deps, shop, findBlacklistEntry(this.deps, shop, id), body)),
    )
  }

  delete(shop: ShopRecord, id: string): Promise<void> {
    return this.deps.store.tx((tx) => tx.delete('blacklists', findBlacklistEntry(this.deps, shop, id).id))
  }
}
