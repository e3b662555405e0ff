import type { Row } from '../../store/collection.js'
import { collectionNamed, type CollectionName } from '../../store/collections.js'
import type { ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { eachInSteps } from './steps.js'

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

export type RowsByCollection = Partial<Record<CollectionName, Row[]>>

export const keyOf = (deps: ServiceDeps, name: CollectionName, row: Row) =>
  collectionNamed(deps.collections, name).keyOf(row)

/**
 * Every row of a shop but the shop, with `logs` its event and delivery logs. The rows found through
 * a product or order come before it, so a deletion stopped half way leaves none that cannot be found again.
 */
export function* eachRowOfShop(
  deps: ServiceDeps,
  shop: ShopRecord,
  o: { logs: boolean },
): Generator<[CollectionName, Row]> {
  const { collections } = deps
  for (const product of collections.products.oldestFirst('shop', shop.id)) {
    const fulfilment = collections.fulfilments.get(product.id)
    if (fulfilment) yield ['fulfilments', fulfilment]
    for (const serial of collections.serials.oldestFirst('product', product.id)) yield ['serials', serial]
    for (const code of collections.deliveredCodes.oldestFirst('product', product.id)) yield ['deliveredCodes', code]
  }
  for (const order of collections.orders.oldestFirst('shop', shop.id))
    for (const item of order.items) {
      const seal = collections.seals.get(item.id)
      if (seal) yield ['seals', seal]
    }
  for (const name of o.logs ? [...BY_SHOP, ...LOGS] : BY_SHOP)
    for (const row of collections[name].oldestFirst('shop', shop.id)) yield [name, row]
}

/** `eachRowOfShop` of every shop gathered by collection, in steps that let other requests run. */
export async function rowsOfShops(
  deps: ServiceDeps,
  shops: readonly ShopRecord[],
  o: { logs: boolean },
): Promise<RowsByCollection> {
  const out: RowsByCollection = {}
  for (const shop of shops)
    await eachInSteps(eachRowOfShop(deps, shop, o), ([name, row]) => (out[name] ??= []).push(row))
  return out
}

/** Every row listed as [collection, row] pairs, after the `shops` given. */
export function* eachListed(
  rows: RowsByCollection,
  shops: readonly ShopRecord[] = [],
): Generator<[CollectionName, Row]> {
  for (const shop of shops) yield ['shops', shop]
  for (const [name, list] of Object.entries(rows) as [CollectionName, Row[]][])
    for (const row of list) yield [name, row]
}

export const countRows = (rows: RowsByCollection) => Object.values(rows).reduce((count, list) => count + list.length, 0)
