import { FulfilmentSetupBodySchema } from '../../spec/fulfilment.js'
import { StoreError } from '../../spec/errors.js'
import { hex } from '../ids.js'
import type { SeedFile } from './seed-file.js'
import { checkKey, initialiseDb, seedShop } from './seed-db.js'
import type { AccountRecord, KeyRecord, ShopRecord } from '../store/records.js'
import type { Tx } from '../store/store.js'
import { buildKey, buildShop } from './accounts.js'
import { applyFulfilmentSetup } from './catalogue/setup.js'
import type { ServiceDeps } from './deps.js'
import { newProductId } from './catalogue/products.js'
import { withFreeIds } from './seed-ids.js'
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

  /** `--api-key KEY` on a db made earlier: refused (409) unless the db holds that key. */
  checkKey(secret: string): void {
    checkKey(this.deps, secret)
  }

  /**
   * A further account with its own shop (and default theme), its key and its own clock, as a new
   * db's first account is made (`POST /_emulator/accounts`). A seed fills the shop: its ids are
   * kept where no other record holds them, and replaced (references included) where one does.
   */
  createAccount(o: {
    slug?: string
    key: string
    name?: string
    shopName?: string
    keyName?: string
    seed?: SeedFile
  }): Promise<{ account: AccountRecord; shop: ShopRecord; key: KeyRecord }> {
    const deps = this.deps
    const slug = o.slug ?? `shop-${hex(deps.random.bytes(5))}`
    return deps.store.tx((tx) => {
      if (deps.rows.shops.getBy('slug', slug))
        throw new StoreError(409, `shop.slug: a shop with slug "${slug}" already exists; choose another`, [
          { field: 'shop.slug', message: 'is taken' },
        ])
      const account = tx.put('accounts', {
        id: deps.newId('acct'),
        name: o.name ?? `Account of ${slug}`,
        createdAt: deps.clock.now().toISOString(),
        clockOffsetMs: 0,
      })
      const shop = tx.put('shops', buildShop(deps, account.id, o.shopName ?? o.name ?? `Shop ${slug}`, slug))
      tx.put('themes', defaultTheme(deps, shop))
      const key = tx.put('keys', buildKey(deps, account.id, o.key, o.keyName ?? 'default'))
      if (o.seed) this.seedShop(tx, shop, o.seed)
      return { account, shop: deps.rows.shops.get(shop.id) ?? shop, key }
    })
  }

  /** Stores a checked seed's records in `shop`, with fresh ids where the db already holds theirs. */
  seedShop(tx: Tx, shop: ShopRecord, seed: SeedFile): void {
    const { rows } = this.deps
    const free = withFreeIds(seed, {
      isTaken: (collection, id) => rows[collection].get(id) !== undefined,
      isProductIdTaken: (productId) => rows.products.getBy('productId', productId) !== undefined,
      newId: (prefix) => this.deps.newId(prefix),
      newProductId: () => newProductId(this.deps),
    })
    seedShop(this.deps, tx, shop, free, (t, s, id, setup) => this.applySeedFulfilment(t, s, id, setup))
  }

  /**
   * Applies a seed product's `fulfilment` block exactly as PUT /_emulator/products/:id/fulfilment
   * would: validated with the same schema, serials become the pool (stock follows), a mystery table
   * gets a server seed from the injected randomness, its commitment and pool version 1.
   * @throws StoreError (400, field `seed`) naming the product and the field at fault, so a bad seed
   * is refused whole: a body's with that answer, a seed file's at start with its message
   */
  private applySeedFulfilment(tx: Tx, shop: ShopRecord, productId: string, setup: Record<string, unknown>): void {
    const product = this.deps.rows.products.get(productId)
    if (!product) throw badSeed(`seed product ${productId}: not stored before its fulfilment`)
    const parsed = FulfilmentSetupBodySchema.safeParse(setup)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue.path.map(String).join('.')
      const what = issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message
      throw badSeed(`seed product ${productId}: fulfilment${where ? `.${where}` : ''}: ${what}`)
    }
    try {
      applyFulfilmentSetup(this.deps, tx, shop, product, parsed.data)
    } catch (error) {
      throw badSeed(`seed product ${productId}: fulfilment.${(error as Error).message}`)
    }
  }
}

/** A seed refused for a record it holds: 400 on the field `seed`, the message naming the record and field. */
function badSeed(message: string): StoreError {
  return new StoreError(400, message, [{ field: 'seed', message }])
}
