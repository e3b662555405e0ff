import { UNKNOWN_PRODUCT } from '../../../contract/products.js'
import { refuse } from '../../../contract/refusals.js'
import type { ProductRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { lookUpProduct } from './products.js'

/**
 * Bound product ids as stored: each given id (internal or `rec_…`) must be a product of the shop
 * and is kept as the internal id, in the given order, once.
 */
export function resolveProductIds(deps: ServiceDeps, shop: ShopRecord, ids: string[]): string[] {
  const out = new Set<string>()
  for (const id of ids) {
    const product = lookUpProduct(deps, shop, id)
    if (!product) throw refuse(UNKNOWN_PRODUCT, { field: 'productIds', id })
    out.add(product.id)
  }
  return [...out]
}

/** Bound products that still exist: a deleted product drops out of every list it was bound to. */
export function boundProducts(deps: ServiceDeps, shop: ShopRecord, ids: string[]): ProductRecord[] {
  const out: ProductRecord[] = []
  for (const id of ids) {
    const product = deps.collections.products.get(id)
    if (product?.shopId === shop.id) out.push(product)
  }
  return out
}
