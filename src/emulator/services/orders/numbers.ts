import { StoreError } from '../../../spec/errors.js'
import type { Emulator } from '../../context.js'
import type { Tx } from '../../store/store.js'

/**
 * The shop's next display number `ORD-<n>` from its `orderSeq` (spec, "Order": orderNumber).
 * Numbers already taken (seeded orders) are skipped. Call inside the transaction that stores the order.
 */
export function nextOrderNumber(emu: Emulator, tx: Tx, shopId: string): string {
  const shop = emu.store.c.shops.get(shopId)
  if (!shop) throw new StoreError(404, `shop not found: ${shopId}`)
  let seq = shop.orderSeq
  do seq++
  while (emu.store.c.orders.getBy('orderNumber', `${shop.id}:ORD-${seq}`))
  tx.put('shops', { ...shop, orderSeq: seq })
  return `ORD-${seq}`
}
