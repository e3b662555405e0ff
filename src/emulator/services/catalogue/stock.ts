// Stock: DESIGN.md "Orders, fulfilment, stock" — taken at payment, never below zero.
import { inStock } from '../../../fairness/index.js'
import type { WebhookEventKind } from '../../../contract/events.js'
import type { ServiceDeps } from '../common/deps.js'
import type { EventSubject } from '../events/payloads.js'
import type { FulfilmentRecord, ProductRecord, ShopRecord } from '../../../contract/rows.js'
import { serialCount } from './serial-pool.js'
import { setupHint } from './setup-hint.js'
import { STOCK_FOLLOWS_POOL } from '../../../contract/products.js'
import { LOW_STOCK_THRESHOLD } from '../../../contract/event-payloads.js'
import { refuse } from '../../../contract/refusals.js'
import type { Tx } from '../../store/store.js'

/** Queues an event with the subject its kind needs, so the caller decides the order events go out in. */
export type Emit = <K extends WebhookEventKind>(kind: K, subject: EventSubject<K>) => void

/** Boxes a drop table can still give: null (unlimited) if an in-stock outcome has unlimited stock. */
export function mysteryCapacity(outcomes: readonly { stock: number | null }[]): number | null {
  let sum = 0
  for (const o of outcomes) {
    if (!inStock(o)) continue
    if (o.stock === null) return null
    sum += o.stock
  }
  return sum
}

/** The units that can be sold now: the smaller of `product.stock` and its type's pool (its codes, its drop table); null = unlimited. */
export function availableUnits(
  deps: ServiceDeps,
  product: ProductRecord,
  setup: FulfilmentRecord | undefined,
): number | null {
  const pool =
    product.type === 'Serial'
      ? setup?.serialPool
        ? serialCount(deps.collections, product.id)
        : 0
      : product.type === 'MysteryBox'
        ? setup?.mystery
          ? mysteryCapacity(setup.mystery.outcomes)
          : 0
        : null
  if (product.stock === null) return pool
  return pool === null ? product.stock : Math.min(product.stock, pool)
}

/** Serial and MysteryBox stock follows the pool, so a stock set through the API would not be what checkout sells. */
export function refuseStockOfPool(product: ProductRecord): void {
  const pool = POOLS[product.type as keyof typeof POOLS]
  if (!pool) return
  const how = `${pool.how} with ${setupHint(product.productId, pool.flags)}`
  throw refuse(STOCK_FOLLOWS_POOL, { type: product.type, pool: pool.pool, how })
}

const POOLS = {
  Serial: { pool: 'its code pool', how: 'add or replace codes', flags: '--serials @codes.txt' },
  MysteryBox: { pool: 'its drop table', how: "change the outcomes' stock", flags: '--mystery @table.json' },
}

/** The stock after a sale of `taken` units: never above the pool after it, never below zero. */
export function stockAfterSale(stock: number | null, taken: number, poolAfter: number | null): number | null {
  const counted = stock === null ? null : Math.max(0, stock - taken)
  if (poolAfter === null) return counted
  return counted === null ? poolAfter : Math.min(counted, poolAfter)
}

export function putStock(
  deps: ServiceDeps,
  tx: Tx,
  product: ProductRecord,
  stock: number | null,
  emit: Emit,
): ProductRecord {
  if (product.stock === stock) return product
  const next = tx.put('products', { ...product, stock, updatedAt: deps.nowIso(product) })
  emitStockChange(emit, product.stock, next)
  return next
}

/** product:stock when the stock changed; product:stock:low when it went down to the warning level or below (docs/webhooks.md, "Events"). */
export function emitStockChange(emit: Emit, before: number | null, product: ProductRecord): void {
  const after = product.stock
  if (before === after) return
  emit('product:stock', { product })
  if (after !== null && (before === null || after < before) && after <= LOW_STOCK_THRESHOLD)
    emit('product:stock:low', { product })
}

export function emitNow(deps: ServiceDeps, tx: Tx, shop: ShopRecord): Emit {
  return (kind, data) => deps.events.emit(tx, shop, kind, data)
}
