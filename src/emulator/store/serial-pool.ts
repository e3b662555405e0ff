// Serial code pools and delivered codes as rows: a sale deletes the codes it takes and adds one
// small row per delivered code, so its cost and its journal line do not grow with the pool. Here:
// the keys of those rows, and the upgrade of rows an earlier version wrote.
import type { Collections } from './collections.js'
import type { DeliveredCodeRecord, FulfilmentRecord } from './records.js'

export const serialId = (productId: string, position: number) => `${productId}:${position}`
export const deliveredId = (productId: string, code: string) => `${productId}:${code}`

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
