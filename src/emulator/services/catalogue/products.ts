import { CURSOR_NOT_ISSUED } from '../../../contract/products.js'
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

export function newProductId(deps: ServiceDeps): string {
  for (;;) {
    const candidate = `rec_${base62(deps.random, 12)}`
    if (!deps.collections.products.getBy('productId', candidate)) return candidate
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
