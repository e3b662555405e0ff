import type { Emulator } from '../context.js'
import type { ProductRecord, ShopRecord } from '../store/records.js'
import type { Tx } from '../store/store.js'

/**
 * Which product events an operation fires. The payloads are built by the webhooks module;
 * until then the record itself is handed over.
 */
export const productEvents = {
  created(emu: Emulator, tx: Tx, shop: ShopRecord, product: ProductRecord) {
    emu.events.emit(tx, shop, 'product:created', product)
  },
  edited(emu: Emulator, tx: Tx, shop: ShopRecord, before: ProductRecord, after: ProductRecord) {
    emu.events.emit(tx, shop, 'product:edited', after)
    if (before.stock !== after.stock) emu.events.emit(tx, shop, 'product:stock', after)
  },
  deleted(emu: Emulator, tx: Tx, shop: ShopRecord, product: ProductRecord) {
    emu.events.emit(tx, shop, 'product:deleted', product)
  },
}
