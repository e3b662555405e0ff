import { notFound } from '../../../contract/errors.js'
import {
  CURSOR_NOT_ISSUED,
  PRODUCT_LIMIT,
  type CreateProductBody,
  type UpdateProductBody,
} from '../../../contract/products.js'
import { refuse } from '../../../contract/refusals.js'
import type { ServiceDeps } from '../common/deps.js'
import { base62 } from '../../ids.js'
import type { ProductRecord, ShopRecord } from '../../../contract/rows.js'
import type { SortKey } from '../../store/sorted-index.js'

/** A product of the shop by internal id or `rec_…` productId, or undefined. */
export function lookUpProduct(deps: ServiceDeps, shop: ShopRecord, id: string): ProductRecord | undefined {
  const products = deps.collections.products
  const product = products.get(id) ?? products.getBy('productId', id)
  return product?.shopId === shop.id ? product : undefined
}

/** A product of the shop by internal id or `rec_…` productId; 404 otherwise. */
export function findProduct(deps: ServiceDeps, shop: ShopRecord, id: string): ProductRecord {
  const product = lookUpProduct(deps, shop, id)
  if (!product) throw notFound('product', id)
  return product
}

export function newProductId(deps: ServiceDeps): string {
  for (;;) {
    const candidate = `rec_${base62(deps.random, 12)}`
    if (!deps.collections.products.getBy('productId', candidate)) return candidate
  }
}

export function buildProduct(deps: ServiceDeps, shop: ShopRecord, body: CreateProductBody): ProductRecord {
  const now = deps.nowIso(shop)
  return {
    id: deps.newId('prod'),
    productId: newProductId(deps),
    name: body.name,
    description: body.description ?? '',
    image: '',
    type: body.type,
    price: body.price,
    currency: body.currency ?? 'USD',
    stock: body.stock === undefined ? null : body.stock,
    status: body.status ?? 'Draft',
    sortOrder: 0,
    unlisted: body.unlisted ?? false,
    createdAt: now,
    updatedAt: now,
    shopId: shop.id,
  }
}

export function applyProductUpdate(deps: ServiceDeps, product: ProductRecord, body: UpdateProductBody): ProductRecord {
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
  return { ...product, ...changes, updatedAt: deps.nowIso(product) }
}

/** An opaque cursor over any tuple of sort values (spec, "Pagination"). */
export function encodeTuple(values: readonly (number | string)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url')
}

/** The tuple of a cursor this API issued, when `fits` accepts it; a 400 otherwise. */
export function decodeTuple(cursor: string, fits: (values: unknown[]) => boolean): unknown[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown
    if (Array.isArray(values) && fits(values)) return values
  } catch {
    /* falls through */
  }
  throw refuse(CURSOR_NOT_ISSUED)
}

/** An opaque cursor: the position of the last product of a page. */
export function encodeCursor(key: SortKey): string {
  return encodeTuple([key.time, key.id])
}

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

export function decodeCursor(cursor: string): SortKey {
  const [time, id] = decodeTuple(cursor, ([t, i]) => isTime(t) && typeof i === 'string') as [number, string]
  return { time, id }
}

/** Products of a shop with one status (or all), newest first, one page at a time (spec, "Pagination"). */
export function pageProducts(
  deps: ServiceDeps,
  shop: ShopRecord,
  status: ProductRecord['status'] | 'all',
  limit: number = PRODUCT_LIMIT.default,
  cursor?: string,
) {
  const products = deps.collections.products
  const page: ProductRecord[] = []
  let more = false
  const index = status === 'Live' ? 'live' : 'shop'
  for (const product of products.newestFirst(index, shop.id, cursor ? decodeCursor(cursor) : undefined)) {
    if (status !== 'all' && product.status !== status) continue
    if (page.length === limit) {
      more = true
      break
    }
    page.push(product)
  }
  const last = page[page.length - 1]
  return { page, nextCursor: more && last ? encodeCursor(products.positionOf(last)) : null }
}
