import type { ServiceDeps } from './deps.js'
import { hashKey, isLongEnoughToHint } from '../middleware/auth.js'
import type { KeyRecord, ShopRecord } from '../store/records.js'

export function buildShop(deps: ServiceDeps, accountId: string, name: string, slug: string): ShopRecord {
  return { id: deps.newId('shop'), accountId, name, slug, createdAt: deps.nowIso(), orderSeq: 0 }
}

export function presentShop(shop: ShopRecord) {
  return { id: shop.id, name: shop.name, slug: shop.slug, createdAt: shop.createdAt }
}

/** The record of a key: its hash, and a hint of it (first 8, last 4 characters) only where that keeps most of it hidden (maskKey). */
export function buildKey(deps: ServiceDeps, accountId: string, secret: string, name: string | null): KeyRecord {
  const hint = isLongEnoughToHint(secret)
  return {
    id: deps.newId('key'),
    accountId,
    hash: hashKey(secret),
    prefix: hint ? secret.slice(0, 8) : '',
    last4: hint ? secret.slice(-4) : '',
    name,
    createdAt: deps.nowIso(),
  }
}

export function presentKey(key: KeyRecord) {
  return { id: key.id, name: key.name, prefix: key.prefix, last4: key.last4, createdAt: key.createdAt }
}
