import type { Row } from '../../store/collection.js'
import { collectionNamed, type CollectionName } from '../../store/collections.js'
import type { ShopRecord } from '../../store/records.js'
import type { Tx } from '../../store/store.js'
import type { Shared } from '../shared.js'

/** Collections whose rows each belong to one shop and are listed by the shop's index. */
const BY_SHOP = [
  'products',
  'orders',
  'coupons',
  'blacklists',
  'categories',
  'groups',
  'customers',
  'subscriptions',
  'themes',
  'webhooks',
  'queries',
  'feedback',
] as const satisfies CollectionName[]

/** The account's history: logs of what happened, not data a saved state brings back. */
const LOGS = ['events', 'deliveries'] as const satisfies CollectionName[]

/** Rows by collection, in the order they were stored. */
export type RowsByCollection = Partial<Record<CollectionName, Row[]>>

function push(out: RowsByCollection, name: CollectionName, row: Row | undefined): void {
  if (row === undefined) return
  let list = out[name]
  if (!list) out[name] = list = []
  list.push(row)
}

/**
 * Every row of a shop (without the shop itself): its records, the setups, code pools, delivered
 * codes and seals of its products and orders, and with `logs` its event and delivery logs.
 */
export function rowsOfShop(deps: Shared, shop: ShopRecord, o: { logs: boolean }, out: RowsByCollection = {}) {
  const { collections } = deps
  for (const name of o.logs ? [...BY_SHOP, ...LOGS] : BY_SHOP)
    for (const row of collections[name].oldestFirst('shop', shop.id)) push(out, name, row)
  for (const product of collections.products.oldestFirst('shop', shop.id)) {
    push(out, 'fulfilments', collections.fulfilments.get(product.id))
    for (const serial of collections.serials.oldestFirst('product', product.id)) push(out, 'serials', serial)
    for (const code of collections.deliveredCodes.oldestFirst('product', product.id)) push(out, 'deliveredCodes', code)
  }
  for (const order of collections.orders.oldestFirst('shop', shop.id))
    for (const item of order.items) push(out, 'seals', collections.seals.get(item.id))
  return out
}

/** Deletes every row listed, in the transaction `tx`. */
export function deleteRows(deps: Shared, tx: Tx, rows: RowsByCollection): void {
  for (const [name, list] of Object.entries(rows) as [CollectionName, Row[]][]) {
    const collection = collectionNamed(deps.collections, name)
    for (const row of list) tx.delete(name, collection.keyOf(row))
  }
}

/** How many rows are listed. */
export function countRows(rows: RowsByCollection): number {
  let count = 0
  for (const list of Object.values(rows)) count += list?.length ?? 0
  return count
}
