// Serial code pools and delivered codes as rows (issue 7): a sale deletes the codes it takes and
// adds one small row per delivered code, so its cost and its journal line do not grow with the pool.
import type { Collections } from './collections.js'
import type { DeliveredCodeRecord, FulfilmentRecord, SerialRecord } from './records.js'
import type { Tx } from './store.js'

const serialId = (productId: string, position: number) => `${productId}:${position}`
const deliveredId = (productId: string, code: string) => `${productId}:${code}`

/** Unused codes left in a product's pool. */
export function serialCount(c: Collections, productId: string): number {
  return c.serials.count('product', productId)
}

/** A product's unused codes, in pool order (the order they are delivered in). */
export function serialPool(c: Collections, productId: string): string[] {
  const codes: string[] = []
  for (const row of c.serials.oldestFirst('product', productId)) codes.push(row.code)
  return codes
}

/** Replaces a product's pool by `codes` (null or empty: no codes left). */
export function replaceSerialPool(
  tx: Tx,
  c: Collections,
  shopId: string,
  productId: string,
  codes: readonly string[] | null,
): void {
  for (const row of [...c.serials.oldestFirst('product', productId)]) tx.delete('serials', row.id)
  for (const [position, code] of (codes ?? []).entries()) {
    tx.put('serials', { id: serialId(productId, position), shopId, productId, code, position })
  }
}

/** Takes the first `count` codes of a pool (the caller checked there are enough) and returns them. */
export function takeSerials(tx: Tx, c: Collections, productId: string, count: number): string[] {
  const taken: SerialRecord[] = []
  for (const row of c.serials.oldestFirst('product', productId)) {
    if (taken.length === count) break
    taken.push(row)
  }
  for (const row of taken) tx.delete('serials', row.id)
  return taken.map((row) => row.code)
}

export function wasDelivered(c: Collections, productId: string, code: string): boolean {
  return c.deliveredCodes.get(deliveredId(productId, code)) !== undefined
}

/** Records codes as delivered from a product: a setup may never bring them back. */
export function recordDelivered(tx: Tx, shopId: string, productId: string, codes: readonly string[], at: string): void {
  for (const code of codes)
    tx.put('deliveredCodes', { id: deliveredId(productId, code), shopId, productId, code, deliveredAt: at })
}

/** Every code delivered from a product so far. */
export function deliveredCodesOf(c: Collections, productId: string): string[] {
  return [...c.deliveredCodes.oldestFirst('product', productId)].map((row) => row.code)
}

/** Removes a deleted product's pool and its record of delivered codes (as deleting its setup did). */
export function removeProductCodes(tx: Tx, c: Collections, productId: string): void {
  for (const row of [...c.serials.oldestFirst('product', productId)]) tx.delete('serials', row.id)
  for (const row of [...c.deliveredCodes.oldestFirst('product', productId)]) tx.delete('deliveredCodes', row.id)
}

/**
 * A fulfilment row as stored before pools became rows (`serials` and `deliveredCodes` arrays on
 * the row), met while loading a db file or replaying a journal written by an earlier version:
 * its pool replaces the product's `serials` rows and its delivered codes join `deliveredCodes`,
 * exactly as that write meant, and the row is kept without the arrays. Done identically at every
 * load, so the journal lines written after it replay onto the same rows.
 */
export function upgradeFulfilmentRow(c: Collections, row: FulfilmentRecord): FulfilmentRecord {
  const { serials, deliveredCodes, ...rest } = row as FulfilmentRecord & { serials?: unknown; deliveredCodes?: unknown }
  if (serials === undefined && deliveredCodes === undefined) return row
  const upgraded: FulfilmentRecord = rest
  if (Array.isArray(serials)) {
    for (const old of [...c.serials.oldestFirst('product', row.id)]) c.serials.delete(old.id)
    serials.forEach((code, position) => {
      if (typeof code === 'string')
        c.serials.set({ id: serialId(row.id, position), shopId: row.shopId, productId: row.id, code, position })
    })
    upgraded.serialPool = true
  }
  if (Array.isArray(deliveredCodes)) {
    for (const code of deliveredCodes) {
      if (typeof code !== 'string') continue
      const delivered: DeliveredCodeRecord = {
        id: deliveredId(row.id, code),
        shopId: row.shopId,
        productId: row.id,
        code,
        deliveredAt: row.updatedAt,
      }
      c.deliveredCodes.set(delivered)
    }
  }
  return upgraded
}
