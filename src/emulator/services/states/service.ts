import { StoreError, notFound } from '../../../spec/errors.js'
import type { Row } from '../../store/collection.js'
import { collectionNamed, type CollectionName } from '../../store/collections.js'
import { parseSeed, type SeedFile } from '../seeding/seed-file.js'
import type { AccountRecord, KeyRecord, ShopRecord } from '../../store/records.js'
import type { Tx } from '../../store/store.js'
import { newSecretKey } from '../../ids.js'
import type { AccountQueue } from '../accounts/queue.js'
import { assertAccountExists } from '../accounts/rules.js'
import type { AccountService } from '../accounts/service.js'
import { demoSeed } from '../../demo-seed.js'
import { countRows, deleteRows, rowsOfShop, type RowsByCollection } from './account-rows.js'
import { DEFAULT_MAX_ACCOUNTS } from '../../deps.js'
import type { Shared } from '../shared.js'
import type { SavedState, SavedStateInfo, SavedStates } from './saved-states.js'
import { exportSeed } from '../seeding/export.js'
import type { SeedingService } from '../seeding/service.js'
import { defaultTheme } from '../themes/rules.js'

/** The state an account was created with, which `POST /_emulator/reset` brings back. */
const SEED_STATE = '.seed'

/**
 * Accounts as test fixtures (README, "Using store in your test suite"): creating and deleting
 * whole accounts, and saving, restoring, resetting, exporting and importing the calling account's data.
 */
export class StateService {
  constructor(
    private readonly deps: Shared,
    private readonly seeding: SeedingService,
    private readonly saved: SavedStates,
    private readonly accounts: AccountService,
    private readonly queue: AccountQueue,
    /** `--max-accounts`: accounts the emulator holds at most. */
    private readonly maxAccounts = DEFAULT_MAX_ACCOUNTS,
  ) {}

  /** A new account with a fresh key (its secret returned here only) and its seed state saved. */
  async createAccount(o: {
    name?: string
    shopName?: string
    slug?: string
    seed?: 'demo' | 'empty' | Record<string, unknown>
  }): Promise<{ account: AccountRecord; shop: ShopRecord; key: KeyRecord; secret: string }> {
    const seed =
      o.seed === undefined || o.seed === 'empty' ? undefined : o.seed === 'demo' ? demoSeed() : checkedSeed(o.seed)
    const max = this.maxAccounts
    if (this.deps.collections.accounts.size >= max)
      throw new StoreError(
        507,
        `this emulator holds ${this.deps.collections.accounts.size} accounts, its limit (--max-accounts ${max}): delete accounts you no longer use (DELETE /_emulator/accounts/:id), or restart store serve with a larger --max-accounts`,
      )
    const secret = newSecretKey(this.deps.random)
    const created = await this.seeding.createAccount({ ...o, key: secret, seed })
    await this.saveSeedState(created.account)
    return { ...created, secret }
  }

  /** Finds the states earlier runs saved. */
  open(): Promise<void> {
    return this.saved.open()
  }

  /** Bytes the saved states take on disk. */
  get savedBytes(): number {
    return this.saved.bytes
  }

  /** Saves what the account holds now as its seed state (a new db's first account, at start). */
  async saveSeedState(account: AccountRecord): Promise<void> {
    await this.saved.write(account.id, this.capture(account, SEED_STATE))
  }

  /** Removes an account with everything in it, its saved states included. */
  deleteAccount(id: string): Promise<void> {
    if (!this.deps.collections.accounts.get(id)) throw notFound('account', id)
    return this.queue.run(id, () => this.removeAccount(id))
  }

  private async removeAccount(id: string): Promise<void> {
    let keys: KeyRecord[] = []
    await this.deps.transact((tx) => {
      const account = this.deps.collections.accounts.get(id)
      if (!account) throw notFound('account', id)
      const shops = [...this.deps.collections.shops.oldestFirst('account', id)]
      const rows: RowsByCollection = {}
      for (const shop of shops) rowsOfShop(this.deps, shop, { logs: true }, rows)
      keys = [...this.deps.collections.keys.oldestFirst('account', id)]
      deleteRows(this.deps, tx, { ...rows, shops, keys })
      tx.delete('accounts', id)
    })
    // Its keys' event streams and dashboard sessions end with it.
    this.accounts.keysGone(keys.map((key) => key.id))
    this.accounts.accountGone(id)
    await this.saved.remove(id)
  }

  save(account: AccountRecord, name: string): Promise<SavedStateInfo & { records: number }> {
    return this.queue.run(account.id, async () => {
      // Queued behind the account's deletion, it must not write a state for an account now gone.
      assertAccountExists(this.deps, account.id)
      const state = this.capture(account, name)
      await this.saved.write(account.id, state)
      const info = (await this.saved.list(account.id)).find((s) => s.name === name)
      return { name, savedAt: state.savedAt, bytes: info?.bytes ?? 0, records: countRows(state.rows) }
    })
  }

  /** The account's saved states by name (its seed state is not listed: `reset` brings it back). */
  async list(account: AccountRecord): Promise<SavedStateInfo[]> {
    return (await this.saved.list(account.id)).filter((s) => !s.name.startsWith('.'))
  }

  /** Puts the account back to a saved state: its shops, their records and its clock; its logs are emptied. */
  restore(account: AccountRecord, name: string): Promise<{ name: string; records: number }> {
    return this.queue.run(account.id, () => this.restoreNow(account, name))
  }

  private async restoreNow(account: AccountRecord, name: string): Promise<{ name: string; records: number }> {
    assertAccountExists(this.deps, account.id)
    const state = await this.saved.read(account.id, name)
    if (!state) {
      if (name === SEED_STATE)
        throw new StoreError(
          409,
          'this account has no seed state (its db was made before saved states existed); save a state with POST /_emulator/state/save and restore that instead',
        )
      throw new StoreError(404, `no saved state named "${name}"; list them with GET /_emulator/state`)
    }
    await this.deps.transact((tx) => {
      assertAccountExists(this.deps, account.id)
      this.replace(tx, account, state)
    })
    return { name, records: countRows(state.rows) }
  }

  /** `POST /_emulator/reset`: the account as it was created. */
  async reset(account: AccountRecord): Promise<{ records: number }> {
    const { records } = await this.restore(account, SEED_STATE)
    return { records }
  }

  /** A shop's records as a seed file. */
  export(shop: ShopRecord): Record<string, unknown[]> {
    return exportSeed(this.deps, shop)
  }

  /** Replaces a shop's records (and empties its logs) with a seed file's, as if the shop were new and seeded with it. */
  async import(shop: ShopRecord, raw: Record<string, unknown>): Promise<{ records: number }> {
    const seed = checkedSeed(raw)
    await this.queue.run(shop.accountId, () => this.importNow(shop, seed))
    return { records: countRows(rowsOfShop(this.deps, shop, { logs: false })) }
  }

  private async importNow(shop: ShopRecord, seed: SeedFile): Promise<void> {
    await this.deps.transact((tx) => {
      assertAccountExists(this.deps, shop.accountId)
      if (!this.deps.collections.shops.get(shop.id)) throw notFound('shop', shop.slug)
      deleteRows(this.deps, tx, rowsOfShop(this.deps, shop, { logs: true }))
      const current = this.deps.collections.shops.get(shop.id) ?? shop
      tx.put('shops', { ...current, orderSeq: 0 })
      tx.put('themes', defaultTheme(this.deps, shop))
      this.seeding.seedShop(tx, this.deps.collections.shops.get(shop.id) ?? shop, seed)
    })
  }

  private capture(account: AccountRecord, name: string): SavedState {
    const owner = { accountId: account.id }
    const shops = [...this.deps.collections.shops.oldestFirst('account', account.id)]
    const rows: RowsByCollection = {}
    for (const shop of shops) rowsOfShop(this.deps, shop, { logs: false }, rows)
    return {
      version: 1,
      name,
      savedAt: this.deps.nowIso(owner),
      clockOffsetMs: this.deps.clockOffsetMs(owner),
      shops,
      rows,
    }
  }

  /**
   * Swaps the account's shops and rows for the state's, in `tx`; refuses rows another account
   * holds now. Only what changed since is deleted or written: restoring a state after a test's few
   * changes journals those few rows.
   */
  private replace(tx: Tx, account: AccountRecord, state: SavedState): void {
    const { collections } = this.deps
    const shopIds = new Set([...collections.shops.oldestFirst('account', account.id)].map((s) => s.id))
    for (const shop of state.shops) {
      const holder = collections.shops.get(shop.id) ?? collections.shops.getBy('slug', shop.slug)
      if (holder && holder.accountId !== account.id)
        throw new StoreError(
          409,
          `cannot restore: shop slug "${shop.slug}" now belongs to another account; delete that shop from the other account first, then restore again`,
        )
      shopIds.add(shop.id)
    }
    const entries = Object.entries(state.rows) as [CollectionName, Row[]][]
    const keyOf = (name: CollectionName, row: Row) => collectionNamed(collections, name).keyOf(row)
    for (const [name, list] of entries) {
      for (const row of list) {
        const held = collectionNamed(collections, name).get(keyOf(name, row)) as (Row & { shopId?: string }) | undefined
        const sameProductId =
          name === 'products' ? collections.products.getBy('productId', String(row.productId)) : undefined
        for (const holder of [held, sameProductId])
          if (holder?.shopId !== undefined && !shopIds.has(holder.shopId))
            throw new StoreError(
              409,
              `cannot restore: ${name} ${row.id} is now held by another account; delete it from the other account first, then restore again`,
            )
      }
    }
    const restored = [['shops', state.shops] as [CollectionName, Row[]], ...entries]
    const kept = new Set(restored.flatMap(([name, list]) => list.map((row) => `${name}:${keyOf(name, row)}`)))
    const current: RowsByCollection = { shops: [...collections.shops.oldestFirst('account', account.id)] }
    for (const shop of current.shops as ShopRecord[]) rowsOfShop(this.deps, shop, { logs: true }, current)
    const gone: RowsByCollection = {}
    for (const [name, list] of Object.entries(current) as [CollectionName, Row[]][])
      gone[name] = list.filter((row) => !kept.has(`${name}:${keyOf(name, row)}`))
    deleteRows(this.deps, tx, gone)
    for (const [name, list] of restored) {
      for (const row of list) {
        const held = collectionNamed(collections, name).get(keyOf(name, row))
        if (!held || JSON.stringify(held) !== JSON.stringify(row)) tx.put(name, row as never)
      }
    }
    const now = collections.accounts.get(account.id) ?? account
    if ((now.clockOffsetMs ?? 0) !== state.clockOffsetMs)
      tx.put('accounts', { ...now, clockOffsetMs: state.clockOffsetMs })
  }
}

/** A seed sent in a body, checked as `--seed FILE` is; 400 naming the record and field at fault. */
function checkedSeed(raw: Record<string, unknown>): SeedFile {
  try {
    return parseSeed(raw, 'seed')
  } catch (error) {
    const message = (error as Error).message
    throw new StoreError(400, message, [{ field: 'seed', message }])
  }
}
