import { LOW_STOCK_THRESHOLD } from '../../../contract/event-payloads.js'
import type { ServiceDeps } from '../common/deps.js'
import type { ProductRecord, ShopRecord } from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'

/** True when a stock change sets off product:stock:low: it went down, to the warning level or below (docs/webhooks.md, "Events"). */
export function isLowStockDrop(before: number | null, after: number | null): boolean {
  return after !== null && (before === null || after < before) && after <= LOW_STOCK_THRESHOLD
}

export const productEvents = {
  created(deps: ServiceDeps, tx: Tx, shop: ShopRecord, product: ProductRecord) {
    deps.events.emit(tx, shop, 'product:created', { product })
  },
  edited(deps: ServiceDeps, tx: Tx, shop: ShopRecord, before: ProductRecord, after: ProductRecord) {
    deps.events.emit(tx, shop, 'product:edited', { product: after })
    productEvents.stockChanged(deps, tx, shop, before, after)
  },
  stockChanged(deps: ServiceDeps, tx: Tx, shop: ShopRecord, before: ProductRecord, after: ProductRecord) {
    if (before.stock === after.stock) return
    deps.events.emit(tx, shop, 'product:stock', { product: after })
    if (isLowStockDrop(before.stock, after.stock)) deps.events.emit(tx, shop, 'product:stock:low', { product: after })
  },
  deleted(deps: ServiceDeps, tx: Tx, shop: ShopRecord, product: ProductRecord) {
    deps.events.emit(tx, shop, 'product:deleted', { product })
  },
}
