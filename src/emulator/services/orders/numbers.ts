import { StoreError } from '../../../contract/errors.js'
import type { ServiceDeps } from '../common/deps.js'
import type { Tx } from '../../store/store.js'

/**
 * The shop's next display number `ORD-<n>` from its `orderSeq` (spec, "Order": orderNumber).
 * Numbers already taken (seeded orders) are skipped. Call inside the transaction that stores the order.
 */
export function nextOrderNumber(deps: ServiceDeps, tx: Tx, shopId: string): string {
  const shop = deps.collections.shops.get(shopId)
  if (!shop) throw new StoreError(404, `shop not found: ${shopId}`)
  let seq = shop.orderSeq
  do seq++
  while (deps.collections.orders.getBy('orderNumber', `${shop.id}:ORD-${seq}`))
  tx.put('shops', { ...shop, orderSeq: seq })
  return `ORD-${seq}`
}
