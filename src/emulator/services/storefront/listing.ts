// What the public storefront shows (DESIGN.md "Storefront"): Live products, unlisted ones only by
// direct id, a MysteryBox with its commitment, pool version and drop table — never seeds or codes.
import type { StorefrontProduct } from '../../../contract/storefront.js'
import type { ServiceDeps } from '../common/deps.js'
import { presentProduct } from '../catalogue/present.js'
import type { ProductRecord, ShopRecord } from '../../../contract/rows.js'
import { compareKeys, type SortKey } from '../../store/sorted-index.js'
import { publicMystery } from '../catalogue/mystery.js'
import { decodeTuple, encodeTuple, isNumber } from '../catalogue/products.js'
import { availableUnits } from '../catalogue/stock.js'

export function storefrontProduct(deps: ServiceDeps, product: ProductRecord): StorefrontProduct {
  const setup = deps.collections.fulfilments.get(product.id)
  const mystery = product.type === 'MysteryBox' ? setup?.mystery : undefined
  return {
    ...presentProduct(product, availableUnits(deps, product, setup)),
    ...(mystery ? { mystery: publicMystery(mystery) } : {}),
  }
}

/** Where a listed product stands: sortOrder first, then newest first (the live index's order). */
interface ListedKey {
  sortOrder: number
  at: SortKey
}

const byListing = (a: ListedKey, b: ListedKey) => a.sortOrder - b.sortOrder || compareKeys(b.at, a.at)

function decodeListedCursor(cursor: string): ListedKey {
  const [sortOrder, time, id] = decodeTuple(
    cursor,
    ([o, t, i]) => isNumber(o) && isNumber(t) && typeof i === 'string',
  ) as [number, number, string]
  return { sortOrder, at: { time, id } }
}

/** The cursor is the last product's place (spec, "Pagination"), so a page never repeats or skips a product. */
export function pageListedProducts(
  deps: ServiceDeps,
  shop: ShopRecord,
  { limit, cursor, search }: { limit: number; cursor?: string; search?: string },
): { products: StorefrontProduct[]; nextCursor: string | null } {
  const { products } = deps.collections
  const after = cursor ? decodeListedCursor(cursor) : undefined
  const needle = search?.trim().toLowerCase()
  // The first `limit + 1` in listing order, kept in order as the shop is read once. The live index
  // runs newest first, the order within one sortOrder, so once `listed` is full a product of the
  // last one's sortOrder or a later one cannot enter it: no sort of the whole shop per request.
  const listed: { product: ProductRecord; key: ListedKey }[] = []
  for (const product of products.newestFirst('live', shop.id)) {
    if (listed.length > limit && product.sortOrder >= listed[listed.length - 1]!.key.sortOrder) continue
    if (product.unlisted || (needle && !product.name.toLowerCase().includes(needle))) continue
    const key = { sortOrder: product.sortOrder, at: products.positionOf(product) }
    if (after && byListing(key, after) <= 0) continue
    let at = listed.length
    while (at > 0 && byListing(listed[at - 1]!.key, key) > 0) at--
    listed.splice(at, 0, { product, key })
    if (listed.length > limit + 1) listed.pop()
  }
  const page = listed.slice(0, limit)
  const last = page[page.length - 1]?.key
  return {
    products: page.map((l) => storefrontProduct(deps, l.product)),
    nextCursor: listed.length > limit && last ? encodeTuple([last.sortOrder, last.at.time, last.at.id]) : null,
  }
}
