import { FulfilmentSetupBodySchema } from '../../spec/fulfilment.js'
import type { SeedFile } from '../store/seed.js'
import { ensureKey, initialiseDb } from './seed-db.js'
import type { AccountRecord, ShopRecord } from '../store/records.js'
import type { Tx } from '../store/store.js'
import { buildKey, buildShop } from './accounts.js'
import { applyFulfilmentSetup } from './catalogue/setup.js'
import type { ServiceDeps } from './deps.js'
import { defaultTheme } from './themes.js'

/** Filling a new db (the demo shop, a key, a seed file's records) and `--api-key`. */
export class SeedingService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Fills a new db inside the store's first transaction; the generated key when none was given. */
  fillNewDb(tx: Tx, o: { apiKey?: string; seed?: SeedFile }): string | undefined {
    return initialiseDb(this.deps, tx, {
      apiKey: o.apiKey,
      seed: o.seed,
      applyFulfilment: (t, shop, id, setup) => this.applySeedFulfilment(t, shop, id, setup),
    }).generatedKey
  }

  /** `--api-key KEY`: makes sure that exact key exists for the (first) account. */
  ensureKey(secret: string): Promise<void> {
    return this.deps.store.tx((tx) => ensureKey(this.deps, tx, secret))
  }

  /**
   * A further account with its own shop (and default theme) and key, as a new db's first account
   * is made; the API has no route for accounts (`store serve` makes one).
   */
  addAccount(o: {
    slug: string
    key: string
    name?: string
    keyName?: string
  }): Promise<{ account: AccountRecord; shop: ShopRecord }> {
    const deps = this.deps
    return deps.store.tx((tx) => {
      const account = tx.put('accounts', {
        id: deps.newId('acct'),
        name: o.name ?? `Account of ${o.slug}`,
        createdAt: deps.nowIso(),
      })
      const shop = tx.put('shops', buildShop(deps, account.id, o.name ?? `Shop ${o.slug}`, o.slug))
      tx.put('themes', defaultTheme(deps, shop))
      tx.put('keys', buildKey(deps, account.id, o.key, o.keyName ?? 'default'))
      return { account, shop }
    })
  }

  /**
   * Applies a seed product's `fulfilment` block exactly as PUT /_emulator/products/:id/fulfilment
   * would: validated with the same schema, serials become the pool (stock follows), a mystery table
   * gets a server seed from the injected randomness, its commitment and pool version 1.
   * @throws Error naming the product and the field at fault, so a bad seed file is refused whole
   */
  private applySeedFulfilment(tx: Tx, shop: ShopRecord, productId: string, setup: Record<string, unknown>): void {
    const product = this.deps.rows.products.get(productId)
    if (!product) throw new Error(`seed product ${productId}: not stored before its fulfilment`)
    const parsed = FulfilmentSetupBodySchema.safeParse(setup)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue.path.map(String).join('.')
      const what = issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message
      throw new Error(`seed product ${productId}: fulfilment${where ? `.${where}` : ''}: ${what}`)
    }
    try {
      applyFulfilmentSetup(this.deps, tx, shop, product, parsed.data)
    } catch (error) {
      throw new Error(`seed product ${productId}: fulfilment.${(error as Error).message}`)
    }
  }
}
