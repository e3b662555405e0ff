// What the public storefront shows (DESIGN.md "Storefront"): Live products, unlisted ones only by
// direct id, a MysteryBox with its commitment, pool version and drop table — never seeds or codes.
import { StoreError } from '../../../spec/errors.js'
import type { StorefrontProduct } from '../../../spec/storefront.js'
import type { ServiceDeps } from '../deps.js'
import { presentProduct } from '../../present/products.js'
import type { ProductRecord, ShopRecord } from '../../store/records.js'
import { publicMystery } from './mystery.js'
import { availableUnits } from './stock.js'

/** The shop of a storefront URL (`:shop` is the slug); 404 otherwise. */
export function shopBySlug(deps: ServiceDeps, slug: string): ShopRecord {
  const shop = deps.rows.shops.getBy('slug', slug.toLowerCase())
  if (!shop) throw new StoreError(404, `shop not found: ${slug}`)
  return shop
}

/** A product as the storefront shows it; a MysteryBox adds `mystery` from its setup. */
export function storefrontProduct(deps: ServiceDeps, product: ProductRecord): StorefrontProduct {
  const setup = deps.rows.fulfilments.get(product.id)
  const mystery = product.type === 'MysteryBox' ? setup?.mystery : undefined
  return {
    ...presentProduct(product, availableUnits(deps, product, setup)),
    ...(mystery ? { mystery: publicMystery(mystery) } : {}),
  }
}

/** Live, listed products: sortOrder first, then newest first. */
export function listedProducts(deps: ServiceDeps, shop: ShopRecord): StorefrontProduct[] {
  const out: ProductRecord[] = []
  for (const product of deps.rows.products.newestFirst('live', shop.id)) if (!product.unlisted) out.push(product)
  // Array.prototype.sort is stable, so equal sortOrders keep newest first.
  return out.sort((a, b) => a.sortOrder - b.sortOrder).map((p) => storefrontProduct(deps, p))
}

/** A Live product by internal id or productId, unlisted ones included; Draft, Archived and unknown alike 404. */
export function liveProduct(deps: ServiceDeps, shop: ShopRecord, id: string): StorefrontProduct {
  const products = deps.rows.products
  const product = products.get(id) ?? products.getBy('productId', id)
  if (!product || product.shopId !== shop.id || product.status !== 'Live')
    throw new StoreError(404, `product not found: ${id}`)
  return storefrontProduct(deps, product)
}
