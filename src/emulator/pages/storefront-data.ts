// What the storefront pages show, read with the same helpers the storefront JSON routes use.
import { notFound } from '../../spec/errors.js'
import type { Group } from '../../spec/groups.js'
import type { Product } from '../../spec/products.js'
import type { StorefrontProduct } from '../../spec/storefront.js'
import type { Emulator } from '../context.js'
import { present } from '../present.js'
import type { ProductRecord, ShopRecord } from '../store/records.js'
import { findProduct } from '../store/products.js'
import { findGroup, listGroups, presentGroup } from '../store/groups.js'
import { publicMystery } from '../commerce/mystery.js'

/** The shop of a storefront URL (`:shop` is the slug); 404 otherwise. */
export function shopBySlug(emu: Emulator, slug: string): ShopRecord {
  const shop = emu.store.c.shops.getBy('slug', slug.toLowerCase())
  if (!shop) throw notFound('shop', slug)
  return shop
}

/** A product as the storefront shows it: a MysteryBox adds its commitment, pool version and odds. */
export function storefrontProduct(emu: Emulator, product: ProductRecord): StorefrontProduct {
  const mystery = product.type === 'MysteryBox' ? emu.store.c.fulfilments.get(product.id)?.mystery : undefined
  return { ...(present(product) as Product), ...(mystery ? { mystery: publicMystery(mystery) } : {}) }
}

/** Live, listed products in the storefront's order (sortOrder, then newest first). */
export function listedProducts(emu: Emulator, shop: ShopRecord): StorefrontProduct[] {
  const out: ProductRecord[] = []
  for (const product of emu.store.c.products.newestFirst('live', shop.id)) if (!product.unlisted) out.push(product)
  return out.sort((a, b) => a.sortOrder - b.sortOrder).map((p) => storefrontProduct(emu, p))
}

/** A Live product by id or productId (unlisted ones too: reachable by direct link); 404 otherwise. */
export function liveProduct(emu: Emulator, shop: ShopRecord, id: string): StorefrontProduct {
  const product = findProduct(emu, shop, id)
  if (product.status !== 'Live') throw notFound('product', id)
  return storefrontProduct(emu, product)
}

/** Listed bundles whose products are all live. */
export function listedGroups(emu: Emulator, shop: ShopRecord): Group[] {
  return listGroups(emu, shop).filter((g) => !g.unlisted).map((g) => presentGroup(emu, shop, g)).filter((g) => g.products.length > 0 && g.products.every((p) => emu.store.c.products.get(p.id)?.status === 'Live'))
}

export function groupById(emu: Emulator, shop: ShopRecord, id: string): Group {
  return presentGroup(emu, shop, findGroup(emu, shop, id))
}

/** Whether any product of a group is a MysteryBox (the checkout then offers a client seed). */
export function groupHasMystery(emu: Emulator, group: Group): boolean {
  return group.products.some((p) => emu.store.c.products.get(p.id)?.type === 'MysteryBox')
}
