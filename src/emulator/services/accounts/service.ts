import { timingSafeEqual } from 'node:crypto'
import { StoreError, notFound } from '../../../contract/errors.js'
import { maskKey } from '../../../contract/keys.js'
import type { CreateShopBody } from '../../../contract/shops.js'
import { newSecretKey } from '../../ids.js'
import type { AccountRecord, KeyRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import type { AccountQueue } from './queue.js'
import { defaultTheme } from '../themes/rules.js'
import { assertAccountExists, buildKey, buildShop, hashKey } from './rules.js'

/** Who calls: accounts, their API keys and their shops (the control API's `/shops` and `/keys`). */
export class AccountService {
  private readonly revokedListeners = new Set<(keyId: string) => void>()
  private readonly deletedListeners = new Set<(accountId: string) => void>()

  constructor(
    private readonly deps: ServiceDeps,
    private readonly queue: AccountQueue,
  ) {}

  /** Resolves once no restore, reset or deletion of the account is under way; undefined when none is. */
  whenFree(accountId: string): Promise<void> | undefined {
    const held = this.queue.whenFree(accountId)
    return held?.then(() => this.whenFree(accountId))
  }

  whenShopFree(slug: string): Promise<void> | undefined {
    const shop = this.deps.collections.shops.getBy('slug', slug.toLowerCase())
    return shop && this.whenFree(shop.accountId)
  }

  /** Calls `listener` with the id of each key revoked from now on, once the revocation is on disk. */
  onKeyRevoked(listener: (keyId: string) => void): void {
    this.revokedListeners.add(listener)
  }

  /** Calls `listener` with the id of each account deleted from now on, once its removal is on disk. */
  onAccountDeleted(listener: (accountId: string) => void): void {
    this.deletedListeners.add(listener)
  }

  accountGone(id: string): void {
    for (const listener of this.deletedListeners) listener(id)
  }

  /** Looked up by the secret's SHA-256, the stored hash then compared in constant time; never the secret itself. */
  keyOf(secret: string): KeyRecord | undefined {
    const hash = hashKey(secret)
    const key = this.deps.collections.keys.getBy('hash', hash)
    if (!key || !timingSafeEqual(Buffer.from(key.hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined
    return key
  }

  /** Bearer auth (spec, "Authentication"): the key and account of a secret; 401 otherwise. */
  authenticate(secret: string): { key: KeyRecord; account: AccountRecord } {
    const key = this.keyOf(secret)
    if (!key)
      throw new StoreError(
        401,
        `invalid API key ${maskKey(secret)}: it is unknown or was revoked. Check the key printed by store serve.`,
      )
    const account = this.deps.collections.accounts.get(key.accountId)
    if (!account) throw new StoreError(401, 'invalid API key: its account no longer exists')
    return { key, account }
  }

  keyById(keyId: string): { key: KeyRecord; account: AccountRecord } | undefined {
    const key = this.deps.collections.keys.get(keyId)
    const account = key && this.deps.collections.accounts.get(key.accountId)
    return key && account ? { key, account } : undefined
  }

  /** The shop of `X-Service-Shop` (id or slug), or the account's oldest shop without it. */
  resolveShop(account: AccountRecord, wanted: string | undefined): ShopRecord {
    const shops = this.deps.collections.shops
    if (wanted === undefined || wanted.trim() === '') {
      const oldest = shops.oldestFirst('account', account.id).next()
      if (oldest.done) throw new StoreError(403, 'this account has no shop; create one with POST /_emulator/shops')
      return oldest.value
    }
    const shop = shops.get(wanted.trim()) ?? shops.getBy('slug', wanted.trim().toLowerCase())
    // Unknown and foreign shops answer alike, so a key cannot probe other accounts' shops.
    if (!shop || shop.accountId !== account.id) {
      throw new StoreError(
        403,
        `X-Service-Shop: shop "${wanted}" is not a shop of this account. List yours with GET /_emulator/shops.`,
      )
    }
    return shop
  }

  all(): AccountRecord[] {
    return [...this.deps.collections.accounts.values()]
  }

  shops(account: AccountRecord): ShopRecord[] {
    return [...this.deps.collections.shops.oldestFirst('account', account.id)]
  }

  /** A new shop with its own default theme; slugs are unique across the emulator (409). */
  createShop(account: AccountRecord, body: CreateShopBody): Promise<ShopRecord> {
    return this.deps.transact((tx) => {
      assertAccountExists(this.deps, account.id)
      if (this.deps.collections.shops.getBy('slug', body.slug))
        throw new StoreError(409, `slug: a shop with slug "${body.slug}" already exists; choose another`, [
          { field: 'slug', message: 'is taken' },
        ])
      const shop = tx.put('shops', buildShop(this.deps, account.id, body.name, body.slug))
      tx.put('themes', defaultTheme(this.deps, shop))
      return shop
    })
  }

  keys(account: AccountRecord): KeyRecord[] {
    return [...this.deps.collections.keys.oldestFirst('account', account.id)]
  }

  /** A new live key; the secret comes back here only, never stored (spec, "Authentication"). */
  async createKey(account: AccountRecord, name: string | null): Promise<{ key: KeyRecord; secret: string }> {
    const secret = newSecretKey(this.deps.random)
    const key = await this.deps.transact((tx) => {
      assertAccountExists(this.deps, account.id)
      return tx.put('keys', buildKey(this.deps, account.id, secret, name))
    })
    return { key, secret }
  }

  /** The account's last key stays (409), so the account keeps a way in; what the key holds open ends at once. */
  async revokeKey(account: AccountRecord, id: string): Promise<void> {
    await this.deps.transact((tx) => {
      const key = this.deps.collections.keys.get(id)
      if (!key || key.accountId !== account.id) throw notFound('key', id)
      if (this.deps.collections.keys.count('account', key.accountId) === 1)
        throw new StoreError(409, "cannot revoke the account's last key; create another key first")
      tx.delete('keys', key.id)
    })
    this.keysGone([id])
  }

  /** Ends what keys revoked or deleted with their account held open; call once their removal is on disk. */
  keysGone(ids: readonly string[]): void {
    for (const id of ids)
      for (const listener of this.revokedListeners) {
        try {
          listener(id)
        } catch (error) {
          this.deps.log(`accounts: a listener of the revocation of ${id} failed: ${(error as Error).message}`)
        }
      }
  }
}
