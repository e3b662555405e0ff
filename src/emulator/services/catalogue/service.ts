import type { FulfilmentSetup, FulfilmentSetupBody } from '../../../contract/fulfilment.js'
import type { CreateProductBody, UpdateProductBody } from '../../../contract/products.js'
import type { ProductRecord, ShopRecord } from '../../../contract/rows.js'
import { applyProductUpdate, buildProduct, findProduct, lookUpProduct, pageProducts } from './products.js'
import { deliveredCodesOf, removeProductCodes } from './serial-pool.js'
import { presentSetup } from './present.js'
import { applyFulfilmentSetup } from './setup.js'
import { availableUnits, refuseStockOfPool } from './stock.js'
import type { ServiceDeps } from '../common/deps.js'
import { productEvents } from '../events/product-events.js'

/** A product with its dashboard-only setup, as the dashboard lists them. */
export interface ProductWithSetup {
  product: ProductRecord
  setup: FulfilmentSetup
}

/** The shop's products (`/api/v1/products`) and their fulfilment setup (`/_emulator/products/:id/fulfilment`). */
export class CatalogueService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Live products, newest first, one page at a time (spec, "Pagination"). */
  page(shop: ShopRecord, limit: number, cursor: string | undefined) {
    return pageProducts(this.deps, shop, 'Live', limit, cursor)
  }

  /** Products of one status, or all of them, newest first, paged like `page` (`/_emulator/products`). */
  pageByStatus(shop: ShopRecord, status: ProductRecord['status'] | 'all', limit: number, cursor: string | undefined) {
    return pageProducts(this.deps, shop, status, limit, cursor)
  }

  /** A product of the shop by internal id or `rec_…` productId; 404 otherwise. */
  get(shop: ShopRecord, id: string): ProductRecord {
    return findProduct(this.deps, shop, id)
  }

  /**
   * The stock a product shows everywhere (API, storefront, dashboard): the units checkout would
   * sell now, the smaller of `product.stock` and its type's pool (a Serial without codes: 0).
   */
  stockOf(product: ProductRecord): number | null {
    return availableUnits(this.deps, product, this.deps.collections.fulfilments.get(product.id))
  }

  /** A product of the shop by internal id or productId, or undefined. */
  lookUp(shop: ShopRecord, id: string): ProductRecord | undefined {
    return lookUpProduct(this.deps, shop, id)
  }

  create(shop: ShopRecord, body: CreateProductBody): Promise<ProductRecord> {
    return this.deps.transact((tx) => {
      const created = tx.put('products', buildProduct(this.deps, shop, body))
      productEvents.created(this.deps, tx, shop, created)
      return created
    })
  }

  update(shop: ShopRecord, id: string, body: UpdateProductBody): Promise<ProductRecord> {
    return this.deps.transact((tx) => {
      const before = findProduct(this.deps, shop, id)
      if (body.stock !== undefined) refuseStockOfPool(before)
      const after = tx.put('products', applyProductUpdate(this.deps, before, body))
      productEvents.edited(this.deps, tx, shop, before, after)
      return after
    })
  }

  /** Deletes a product with its setup, its code pool and its record of delivered codes. */
  delete(shop: ShopRecord, id: string): Promise<void> {
    return this.deps.transact((tx) => {
      const product = findProduct(this.deps, shop, id)
      tx.delete('products', product.id)
      tx.delete('fulfilments', product.id)
      removeProductCodes(tx, this.deps.collections, product.id)
      productEvents.deleted(this.deps, tx, shop, product)
    })
  }

  /**
   * Every product of the shop (Draft and Archived too) that `matches` accepts, newest first, page
   * `page` (from 0) of `size`, each with its setup; `total` counts every match.
   */
  browse(
    shop: ShopRecord,
    page: number,
    size: number,
    matches: (product: ProductRecord) => boolean = () => true,
  ): { rows: ProductWithSetup[]; total: number } {
    const rows: ProductWithSetup[] = []
    let total = 0
    for (const product of this.deps.collections.products.newestFirst('shop', shop.id)) {
      if (!matches(product)) continue
      if (total++ < page * size || rows.length === size) continue
      rows.push({ product, setup: presentSetup(this.deps, product, this.deps.collections.fulfilments.get(product.id)) })
    }
    return { rows, total }
  }

  /** The product's setup as the merchant sees it. */
  setup(shop: ShopRecord, id: string): FulfilmentSetup {
    const product = findProduct(this.deps, shop, id)
    return presentSetup(this.deps, product, this.deps.collections.fulfilments.get(product.id))
  }

  /** The serial codes the product has delivered, which keep a code from being handed out twice. */
  deliveredCodes(shop: ShopRecord, id: string): string[] {
    return deliveredCodesOf(this.deps.collections, findProduct(this.deps, shop, id).id)
  }

  /** The drop table's server seed, which the setup view keeps secret (only its commitment shows). */
  mysterySeed(shop: ShopRecord, id: string): string | undefined {
    return this.deps.collections.fulfilments.get(findProduct(this.deps, shop, id).id)?.mystery?.serverSeed
  }

  /** Replaces the given fields of a product's setup (pools, tables, plans); the product's stock follows. */
  putSetup(shop: ShopRecord, id: string, body: FulfilmentSetupBody): Promise<FulfilmentSetup> {
    return this.deps.transact((tx) => {
      const product = findProduct(this.deps, shop, id)
      const setup = applyFulfilmentSetup(this.deps, tx, shop, product, body)
      return presentSetup(this.deps, this.deps.collections.products.get(product.id)!, setup)
    })
  }
}
