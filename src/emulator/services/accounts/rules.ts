import { hash } from 'node:crypto'
import { StoreError } from '../../../contract/errors.js'
import { isLongEnoughToHint } from '../../../contract/keys.js'
import type { KeyRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'

/** Keys are stored as their SHA-256 only (spec, "Authentication"). */
export function hashKey(secret: string): string {
  return hash('sha256', secret, 'hex')
}

export function buildShop(deps: ServiceDeps, accountId: string, name: string, slug: string): ShopRecord {
  return { id: deps.newId('shop'), accountId, name, slug, createdAt: deps.nowIso({ accountId }), orderSeq: 0 }
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
    createdAt: deps.nowIso({ accountId }),
  }
}

/**
 * 404 when `accountId` was deleted: a request that began before the deletion (its key was checked)
 * must not write anything of the account after it. Call inside the transaction that writes.
 */
export function assertAccountExists(deps: ServiceDeps, accountId: string): void {
  if (!deps.collections.accounts.get(accountId)) throw new StoreError(404, DELETED.replace('{account}', accountId))
}

export const DELETED =
  'account {account} was deleted while this request ran; nothing was changed. Create an account with POST /_emulator/accounts.'
