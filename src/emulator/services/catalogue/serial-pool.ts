// A product's pool of Serial codes and the codes it delivered, as rows of their own (`serials`,
// `deliveredCodes`): a sale touches only the rows of the codes it takes.
import type { Collections } from '../../store/collections.js'
import type { Tx } from '../../store/store.js'
import { take } from '../common/shop-rows.js'

const serialId = (productId: string, position: number) => `${productId}:${position}`
const deliveredId = (productId: string, code: string) => `${productId}:${code}`

export function serialCount(collections: Collections, productId: string): number {
  return collections.serials.count('product', productId)
}

/** A product's unused codes, in pool order (the order they are delivered in). */
export function serialPool(collections: Collections, productId: string): string[] {
  return Array.from(collections.serials.oldestFirst('product', productId), (row) => row.code)
}

export function replaceSerialPool(
  tx: Tx,
  collections: Collections,
  shopId: string,
  productId: string,
  codes: readonly string[] | null,
): void {
  for (const row of [...collections.serials.oldestFirst('product', productId)]) tx.delete('serials', row.id)
  for (const [position, code] of (codes ?? []).entries()) {
    tx.put('serials', { id: serialId(productId, position), shopId, productId, code, position })
  }
}

/** Takes the first `count` codes of a pool (the caller checked there are enough) and returns them. */
export function takeSerials(tx: Tx, collections: Collections, productId: string, count: number): string[] {
  const taken = take(collections.serials.oldestFirst('product', productId), count)
  for (const row of taken) tx.delete('serials', row.id)
  return taken.map((row) => row.code)
}

export function wasDelivered(collections: Collections, productId: string, code: string): boolean {
  return collections.deliveredCodes.get(deliveredId(productId, code)) !== undefined
}

/** Records codes as delivered from a product: a setup may never bring them back. */
export function recordDelivered(tx: Tx, shopId: string, productId: string, codes: readonly string[], at: string): void {
  for (const code of codes)
    tx.put('deliveredCodes', { id: deliveredId(productId, code), shopId, productId, code, deliveredAt: at })
}

export function deliveredCodesOf(collections: Collections, productId: string): string[] {
  return Array.from(collections.deliveredCodes.oldestFirst('product', productId), (row) => row.code)
}

/** Removes a deleted product's pool and its record of delivered codes (as deleting its setup did). */
export function removeProductCodes(tx: Tx, collections: Collections, productId: string): void {
  for (const row of [...collections.serials.oldestFirst('product', productId)]) tx.delete('serials', row.id)
  for (const row of [...collections.deliveredCodes.oldestFirst('product', productId)])
    tx.delete('deliveredCodes', row.id)
}
