import { notFound } from '../../../contract/errors.js'
import type { FulfilmentSetup, FulfilmentSetupBody } from '../../../contract/fulfilment.js'
import type { CreateProductBody, UpdateProductBody } from '../../../contract/products.js'
import type { ProductRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { given } from '../common/shop-rows.js'
import { presentSetup } from './present.js'
import { buildProduct, decodeTuple, encodeTuple, isNumber, lookUpProduct } from './products.js'
import { deliveredCodesOf, removeProductCodes } from './serial-pool.js'
import { applyFulfilmentSetup } from './setup.js'
import { availableUnits, emitNow, emitStockChange, refuseStockOfPool } from './stock.js'

/** The shop's products (`/api/v1/products`) and their fulfilment setup (`/_emulator/products/:id/fulfilment`). */
export class CatalogueService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Products of one status (Live for the API), or all, newest first; the cursor is the last product's place. */
  page(shop: ShopRecord, limit: number, cursor?: string, status: ProductRecord['status'] | 'all' = 'Live') {
    const products = this.deps.collections.products
    const after = cursor
      ? (decodeTuple(cursor, ([t, i]) => isNumber(t) && typeof i === 'string') as [number, string])
      : undefined
    const page: ProductRecord[] = []
    let more = false
    const index = status === 'Live' ? 'live' : 'shop'
    for (const product of products.newestFirst(index, shop.id, after && { time: after[0], id: after[1] })) {
      if (status !== 'all' && product.status !== status) continue
      if (page.length === limit) {
        more = true
        break
      }
      page.push(product)
    }
    const last = page.length > 0 ? products.positionOf(page[page.length - 1]) : undefined
    return { page, nextCursor: more && last ? encodeTuple([last.time, last.id]) : null }
  }

  get(shop: ShopRecord, id: string): ProductRecord {
    const product = lookUpProduct(this.deps, shop, id)
    if (!product) throw notFound('product', id)
    return product
  }

  /** The units checkout would sell now, which the product shows everywhere (API, storefront, dashboard). */
  stockOf(product: ProductRecord): number | null {
    return availableUnits(this.deps, product, this.deps.collections.fulfilments.get(product.id))
  }

  create(shop: ShopRecord, body: CreateProductBody): Promise<ProductRecord> {
    const deps = this.deps
    return deps.transact((tx) => {
      const created = tx.put('products', buildProduct(deps, shop, body))
      deps.events.emit(tx, shop, 'product:created', { product: created })
      return created
    })
  }

  update(shop: ShopRecord, id: string, body: UpdateProductBody): Promise<ProductRecord> {
    return this.deps.transact((tx) => {
      const before = this.get(shop, id)
      if (body.stock !== undefined) refuseStockOfPool(before)
      const after = tx.put('products', { ...before, ...given(body), updatedAt: this.deps.nowIso(before) })
      this.deps.events.emit(tx, shop, 'product:edited', { product: after })
      emitStockChange(emitNow(this.deps, tx, shop), before.stock, after)
      return after
    })
  }

  delete(shop: ShopRecord, id: string): Promise<void> {
    return this.deps.transact((tx) => {
      const product = this.get(shop, id)
      tx.delete('products', product.id)
      tx.delete('fulfilments', product.id)
      removeProductCodes(tx, this.deps.collections, product.id)
      this.deps.events.emit(tx, shop, 'product:deleted', { product })
    })
  }

  /** Every product (Draft and Archived too) that `matches` accepts, page `page` (from 0); `total` counts matches. */
  browse(
    shop: ShopRecord,
    page: number,
    size: number,
    matches: (product: ProductRecord) => boolean = () => true,
  ): { rows: { product: ProductRecord; setup: FulfilmentSetup }[]; total: number } {
    const rows: { product: ProductRecord; setup: FulfilmentSetup }[] = []
    let total = 0
    for (const product of this.deps.collections.products.newestFirst('shop', shop.id)) {
      if (!matches(product)) continue
      if (total++ < page * size || rows.length === size) continue
      rows.push({ product, setup: presentSetup(this.deps, product, this.deps.collections.fulfilments.get(product.id)) })
    }
    return { rows, total }
  }

  setup(shop: ShopRecord, id: string): FulfilmentSetup {
    const product = this.get(shop, id)
    return presentSetup(this.deps, product, this.deps.collections.fulfilments.get(product.id))
  }

  /** The serial codes the product has delivered, which keep a code from being handed out twice. */
  deliveredCodes(shop: ShopRecord, id: string): string[] {
    return deliveredCodesOf(this.deps.collections, this.get(shop, id).id)
  }

  /** The drop table's server seed, which the setup view keeps secret (only its commitment shows). */
  mysterySeed(shop: ShopRecord, id: string): string | undefined {
    return this.deps.collections.fulfilments.get(this.get(shop, id).id)?.mystery?.serverSeed
  }

  putSetup(shop: ShopRecord, id: string, body: FulfilmentSetupBody): Promise<FulfilmentSetup> {
    return this.deps.transact((tx) => {
      const product = this.get(shop, id)
      const setup = applyFulfilmentSetup(this.deps, tx, shop, product, body)
      return presentSetup(this.deps, this.deps.collections.products.get(product.id)!, setup)
    })
  }
}
