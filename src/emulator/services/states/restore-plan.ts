import { StoreError } from '../../../contract/errors.js'
import type { Row } from '../../store/collection.js'
import type { CollectionName } from '../../store/collections.js'
import type { AccountRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { eachListed, eachRowOfShop, keyOf } from './account-rows.js'
import type { Reserved } from '../accounts/fences.js'
import type { SavedState } from './state-file.js'
import { eachInSteps } from './steps.js'

/** A row to delete or put; deletions come first. */
export type RestoreChange = [CollectionName, Row, 'delete' | 'put']

/**
 * Only what differs: restoring a state after a test's few changes writes those few rows. 409 when
 * another account holds a shop or row of the state; what the state holds goes into `reserved` as
 * it is checked, so no other account takes it before the restore ends.
 */
export async function planRestore(
  deps: ServiceDeps,
  account: AccountRecord,
  state: SavedState,
  reserved: Reserved,
): Promise<RestoreChange[]> {
  const shops = [...deps.collections.shops.oldestFirst('account', account.id)]
  const ownShops = new Set([...shops, ...state.shops].map((shop) => shop.id))
  const kept = reserved.keys
  const changed: RestoreChange[] = []
  await eachInSteps(eachListed(state.rows, state.shops), ([name, row]) => {
    assertNotHeldElsewhere(deps, account, ownShops, name, row)
    const key = keyOf(deps, name, row)
    let keys = kept.get(name)
    if (!keys) kept.set(name, (keys = new Set()))
    keys.add(key)
    if (name === 'shops') reserved.slugs.add(String(row.slug))
    if (name === 'products') reserved.productIds.add(String(row.productId))
    const held = deps.collections[name].get(key)
    if (!held || JSON.stringify(held) !== JSON.stringify(row)) changed.push([name, row, 'put'])
  })
  const gone: RestoreChange[] = []
  const isGone = (name: CollectionName, row: Row) => !kept.get(name)?.has(keyOf(deps, name, row))
  for (const shop of shops)
    await eachInSteps(eachRowOfShop(deps, shop, { logs: true }), ([name, row]) => {
      if (isGone(name, row)) gone.push([name, row, 'delete'])
    })
  for (const shop of shops) if (isGone('shops', shop)) gone.push(['shops', shop, 'delete'])
  return [...gone, ...changed]
}

/** 409 when another account holds `row` now: its shop (by id or slug), its key in another account's shop, or a product's `productId`. */
function assertNotHeldElsewhere(
  deps: ServiceDeps,
  account: AccountRecord,
  ownShops: Set<string>,
  name: CollectionName,
  row: Row,
): void {
  const { collections } = deps
  if (name === 'shops') {
    const shop = row as ShopRecord
    const holder = collections.shops.get(shop.id) ?? collections.shops.getBy('slug', shop.slug)
    if (holder && holder.accountId !== account.id)
      throw new StoreError(
        409,
        `cannot restore: shop slug "${shop.slug}" now belongs to another account; delete that shop from the other account first, then restore again`,
      )
    return
  }
  const held = collections[name].get(keyOf(deps, name, row)) as (Row & { shopId?: string }) | undefined
  const sameProductId = name === 'products' ? collections.products.getBy('productId', String(row.productId)) : undefined
  for (const holder of [held, sameProductId])
    if (holder?.shopId !== undefined && !ownShops.has(holder.shopId))
      throw new StoreError(
        409,
        `cannot restore: ${name} ${row.id} is now held by another account; delete it from the other account first, then restore again`,
      )
}
