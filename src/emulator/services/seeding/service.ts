import { StoreError } from '../../../contract/errors.js'
import { maskKey } from '../../../contract/keys.js'
import { hex, newSecretKey } from '../../ids.js'
import type { AccountRecord, KeyRecord, ShopRecord } from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'
import { buildKey, buildShop, hashKey } from '../accounts/rules.js'
import type { AccountFences } from '../accounts/fences.js'
import type { AccountClocks } from '../clock/account-clocks.js'
import type { ServiceDeps } from '../common/deps.js'
import { defaultTheme } from '../themes/rules.js'
import { seedShop } from './fill.js'
import type { SeedFile } from '../../../contract/seed-file.js'

type NewAccount = { slug?: string; key?: string; name?: string; shopName?: string; keyName?: string; seed?: SeedFile }

/** Filling a new db (the demo shop, a key, a seed file's records), `--api-key`, and new accounts with their seed. */
export class SeedingService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly clocks: AccountClocks,
    private readonly fences: AccountFences,
    private readonly dbPath: string,
  ) {}

  /** Fills a new db inside the store's first transaction: the `demo` shop; the generated key when none was given. */
  fillNewDb(tx: Tx, o: { apiKey?: string; seed?: SeedFile }): string | undefined {
    const { secret } = this.addAccount(tx, {
      ...o,
      slug: 'demo',
      name: 'Demo Account',
      shopName: 'Demo Shop',
      key: o.apiKey,
    })
    return o.apiKey ? undefined : secret
  }

  /**
   * `--api-key KEY` on a db made earlier must already be one of its keys: it is never added to an
   * account it was not made for (that one may be gone, and the first left another tenant's).
   */
  checkKey(secret: string): void {
    if (this.deps.collections.keys.getBy('hash', hashKey(secret))) return
    throw new StoreError(
      409,
      `--api-key ${maskKey(secret)} is not a key of any account in ${this.dbPath} (its account may have been deleted), and it is not added to another account, whose data it would open. Pass a key this db holds, or start a new db with this key (another --db, or move ${this.dbPath} aside).`,
    )
  }

  /** A further account with its own shop, key and clock (`POST /_emulator/accounts`), as a new db's first is made. */
  createAccount(o: NewAccount): Promise<{ account: AccountRecord; shop: ShopRecord; key: KeyRecord; secret: string }> {
    return this.deps.transact((tx) => this.addAccount(tx, o))
  }

  private addAccount(tx: Tx, o: NewAccount) {
    const deps = this.deps
    const slug = o.slug ?? `shop-${hex(deps.random.bytes(5))}`
    if (deps.collections.shops.getBy('slug', slug))
      throw new StoreError(409, `shop.slug: a shop with slug "${slug}" already exists; choose another`, [
        { field: 'shop.slug', message: 'is taken' },
      ])
    const account = tx.put('accounts', {
      id: deps.newId('acct'),
      name: o.name ?? `Account of ${slug}`,
      createdAt: this.clocks.emulatorNow().toISOString(),
      clockOffsetMs: 0,
    })
    const shop = tx.put('shops', buildShop(deps, account.id, o.shopName ?? o.name ?? `Shop ${slug}`, slug))
    tx.put('themes', defaultTheme(deps, shop))
    const secret = o.key ?? newSecretKey(deps.random)
    const key = tx.put('keys', buildKey(deps, account.id, secret, o.keyName ?? 'default'))
    if (o.seed) seedShop(deps, tx, shop, o.seed, this.fences)
    return { account, shop: deps.collections.shops.get(shop.id) ?? shop, key, secret }
  }
}
