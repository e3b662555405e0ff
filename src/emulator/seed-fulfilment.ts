import type { Emulator } from './context.js'
import type { ShopRecord } from './store/records.js'
import type { Tx } from './store/store.js'

/**
 * Applies a seed product's `fulfilment` block, the same body as PUT /_emulator/products/:id/fulfilment.
 * Stored as given until the fulfilment module takes it over.
 */
export function applySeedFulfilment(emu: Emulator, tx: Tx, shop: ShopRecord, productId: string, setup: Record<string, unknown>): void {
  tx.put('fulfilments', { ...(setup as object), id: productId, shopId: shop.id, updatedAt: emu.nowIso() })
}
