import { CURSOR_NOT_ISSUED, type CreateProductBody } from '../../../contract/products.js'
import { refuse } from '../../../contract/refusals.js'
import type { ProductRecord, ShopRecord } from '../../../contract/rows.js'
import { base62 } from '../../ids.js'
import type { ServiceDeps } from '../common/deps.js'

/** A product of the shop by internal id or `rec_…` productId, or undefined. */
export function lookUpProduct(deps: ServiceDeps, shop: ShopRecord, id: string): ProductRecord | undefined {
  const products = deps.collections.products
  const product = products.get(id) ?? products.getBy('productId', id)
  return product?.shopId === shop.id ? product : undefined
}

function newProductId(deps: ServiceDeps): string {
  for (;;) {
    const candidate = `rec_${base62(deps.random, 12)}`
    if (!deps.collections.products.getBy('productId', candidate)) return candidate
  }
}

/** A new product of the shop, with the defaults of what `body` leaves out; fresh ids unless `ids` gives them. */
export function buildProduct(
  deps: ServiceDeps,
  shop: ShopRecord,
  body: CreateProductBody,
  ids: { id?: string; productId?: string } = {},
): ProductRecord {
  const now = deps.nowIso(shop)
  return {
    id: ids.id ?? deps.newId('prod'),
    productId: ids.productId ?? newProductId(deps),
    name: body.name,
    description: body.description ?? '',
    image: '',
    type: body.type,
    price: body.price,
    currency: body.currency ?? 'USD',
    stock: body.stock ?? null,
    status: body.status ?? 'Draft',
    sortOrder: 0,
    unlisted: body.unlisted ?? false,
    createdAt: now,
    updatedAt: now,
    shopId: shop.id,
  }
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

export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
