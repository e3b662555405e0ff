import { StoreError, notFound } from '../../../contract/errors.js'
import { parseSeed, type SeedFile } from '../../../contract/seed-file.js'
import type { AccountRecord, KeyRecord, ShopRecord } from '../../../contract/rows.js'
import type { AccountQueue } from '../accounts/queue.js'
import { assertAccountExists, DELETED } from '../accounts/rules.js'
import type { AccountService } from '../accounts/service.js'
import { demoSeed } from '../../demo-seed.js'
import type { AccountFences, Reserved } from '../accounts/fences.js'
import { countRows, eachListed, eachRowOfShop, keyOf, rowsOfShops } from './account-rows.js'
import { planRestore } from './restore-plan.js'
import { changeInSteps } from './steps.js'
import { DEFAULT_MAX_ACCOUNTS } from '../../deps.js'
import type { ServiceDeps } from '../common/deps.js'
import type { SavedStateInfo, SavedStates } from './saved-states.js'
import type { SavedState } from './state-file.js'
import { exportSeed } from '../seeding/export.js'
import type { SeedingService } from '../seeding/service.js'
import { badSeed, seedShop } from '../seeding/fill.js'
import { defaultTheme } from '../themes/rules.js'

/** The state an account was created with, which `POST /_emulator/reset` brings back. */
const SEED_STATE = '.seed'

/** Accounts as test fixtures (docs/testing.md, "Using store in your test suite"). */
export class StateService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly seeding: SeedingService,
    private readonly saved: SavedStates,
    private readonly accounts: AccountService,
    private readonly queue: AccountQueue,
    private readonly fences: AccountFences,
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
    const created = await this.seeding.createAccount({ ...o, seed })
    await this.saveSeedState(created.account)
    return created
  }

  /** Finds the states earlier runs saved, and finishes the restores and deletions a stop interrupted. */
  async open(): Promise<void> {
    await this.saved.open()
    for (const account of [...this.deps.collections.accounts.values()]) {
      const unfinished = account.unfinished
      if (!unfinished) continue
      const what = unfinished.operation === 'delete' ? 'deletion' : `restore of state "${unfinished.state}"`
      try {
        if (unfinished.operation === 'delete') await this.removeAccount(account.id)
        else await this.restoreFenced(account, unfinished.state ?? SEED_STATE)
        this.deps.log(`account ${account.id}: finished the ${what} that a stop interrupted`)
      } catch (error) {
        await this.deps.transact((tx) => tx.put('accounts', withoutMark(account)))
        this.deps.log(
          `account ${account.id}: the ${what} that a stop interrupted could not be finished (${(error as Error).message}); the account holds part of it: restore a saved state, reset it or delete it`,
        )
      }
    }
  }

  get savedBytes(): number {
    return this.saved.bytes
  }

  /** Saves what the account holds now as its seed state (a new db's first account, at start). */
  async saveSeedState(account: AccountRecord): Promise<void> {
    await this.saved.write(account.id, await this.capture(account, SEED_STATE))
  }

  deleteAccount(id: string): Promise<void> {
    if (!this.deps.collections.accounts.get(id)) throw notFound('account', id)
    return this.queue.run(id, () => this.queue.holding(id, () => this.removeAccount(id)))
  }

  /** Keys first (the account can no longer be reached), the account last, so the db loads at every step. */
  private removeAccount(id: string): Promise<void> {
    return this.fences.during(id, { status: 404, refusal: DELETED }, async () => {
      const { collections } = this.deps
      if (!collections.accounts.get(id)) throw notFound('account', id)
      const keys = [...collections.keys.oldestFirst('account', id)]
      const shops = [...collections.shops.oldestFirst('account', id)]
      const rows = await rowsOfShops(this.deps, shops, { logs: true })
      await changeInSteps(this.deps, id, eachListed({ keys, ...rows, shops }), {
        apply: (tx, [name, row]) => tx.delete(name, keyOf(this.deps, name, row)),
        mark: (tx) => tx.put('accounts', { ...collections.accounts.get(id)!, unfinished: { operation: 'delete' } }),
        finish: (tx) => tx.delete('accounts', id),
      })
      this.accounts.keysGone(keys.map((key) => key.id))
      this.accounts.accountGone(id)
      await this.saved.remove(id)
    })
  }

  save(account: AccountRecord, name: string): Promise<SavedStateInfo & { records: number }> {
    return this.queue.run(account.id, async () => {
      // Queued behind the account's deletion, it must not write a state for an account now gone.
      assertAccountExists(this.deps, account.id)
      const state = await this.queue.holding(account.id, () => this.capture(account, name))
      const bytes = await this.saved.write(account.id, state)
      return { name, savedAt: state.savedAt, bytes, records: countRows(state.rows) }
    })
  }

  /** The account's saved states by name (its seed state is not listed: `reset` brings it back). */
  async list(account: AccountRecord): Promise<SavedStateInfo[]> {
    return (await this.saved.list(account.id)).filter((s) => !s.name.startsWith('.'))
  }

  restore(account: AccountRecord, name: string): Promise<{ name: string; records: number }> {
    return this.queue.run(account.id, () => this.queue.holding(account.id, () => this.restoreFenced(account, name)))
  }

  /**
   * Fenced from its start (fences.ts); the account's rows are swapped for the state's in steps,
   * marked meanwhile, so that a start restores the same state again if a stop interrupts it.
   */
  private restoreFenced(account: AccountRecord, name: string): Promise<{ name: string; records: number }> {
    const reserved: Reserved = { keys: new Map(), slugs: new Set(), productIds: new Set() }
    const refusal =
      name === SEED_STATE
        ? 'account {account} was being reset while this request ran; nothing was changed. Send the request again.'
        : `account {account} was being restored to saved state "${name}" while this request ran; nothing was changed. Send the request again.`
    return this.fences.during(account.id, { status: 409, refusal, reserved }, async () => {
      assertAccountExists(this.deps, account.id)
      const state = await this.saved.read(account.id, name)
      if (!state && name === SEED_STATE)
        throw new StoreError(
          409,
          'this account has no seed state (its db was made before saved states existed); save a state with POST /_emulator/state/save and restore that instead',
        )
      if (!state) throw new StoreError(404, `no saved state named "${name}"; list them with GET /_emulator/state`)
      const changes = await planRestore(this.deps, account, state, reserved)
      const current = () => this.deps.collections.accounts.get(account.id) ?? account
      await changeInSteps(this.deps, account.id, changes, {
        apply: (tx, [name, row, change]) =>
          change === 'delete' ? tx.delete(name, keyOf(this.deps, name, row)) : tx.put(name, row as never),
        mark: (tx) => tx.put('accounts', { ...current(), unfinished: { operation: 'restore', state: state.name } }),
        finish: (tx) => {
          const now = current()
          if ((now.clockOffsetMs ?? 0) !== state.clockOffsetMs || now.unfinished)
            tx.put('accounts', { ...withoutMark(now), clockOffsetMs: state.clockOffsetMs })
        },
      })
      return { name, records: countRows(state.rows) }
    })
  }

  async reset(account: AccountRecord): Promise<{ records: number }> {
    const { records } = await this.restore(account, SEED_STATE)
    return { records }
  }

  /** Held meanwhile, so that none of the account's requests changes the shop half way. */
  export(shop: ShopRecord): Promise<Record<string, unknown[]>> {
    return this.queue.run(shop.accountId, () => this.queue.holding(shop.accountId, () => exportSeed(this.deps, shop)))
  }

  /** Replaces a shop's records (and empties its logs) with a seed file's, as if the shop were new and seeded with it. */
  async import(shop: ShopRecord, raw: Record<string, unknown>): Promise<{ records: number }> {
    const seed = checkedSeed(raw)
    const { deps } = this
    await this.queue.run(shop.accountId, () =>
      deps.transact((tx) => {
        assertAccountExists(deps, shop.accountId)
        const current = deps.collections.shops.get(shop.id)
        if (!current) throw notFound('shop', shop.slug)
        for (const [name, row] of [...eachRowOfShop(deps, shop, { logs: true })])
          tx.delete(name, keyOf(deps, name, row))
        const emptied = tx.put('shops', { ...current, orderSeq: 0 })
        tx.put('themes', defaultTheme(deps, shop))
        seedShop(deps, tx, emptied, seed, this.fences)
      }),
    )
    return { records: [...eachRowOfShop(deps, shop, { logs: false })].length }
  }

  private async capture(account: AccountRecord, name: string): Promise<SavedState> {
    const owner = { accountId: account.id }
    const shops = [...this.deps.collections.shops.oldestFirst('account', account.id)]
    return {
      name,
      savedAt: this.deps.nowIso(owner),
      clockOffsetMs: this.deps.clockOffsetMs(owner),
      shops,
      rows: await rowsOfShops(this.deps, shops, { logs: false }),
    }
  }
}

function withoutMark({ unfinished: _, ...account }: AccountRecord): AccountRecord {
  return account
}

/** A seed sent in a body, checked as `--seed FILE` is; 400 naming the record and field at fault. */
function checkedSeed(raw: Record<string, unknown>): SeedFile {
  try {
    return parseSeed(raw, 'seed')
  } catch (error) {
    throw badSeed((error as Error).message)
  }
}
