import { collectionNamed, type CollectionName, type RowOf } from '../../store/collections.js'
import type { ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from './deps.js'

/** How a shop's resource finds, lists, builds, updates and shows its rows. */
export interface ResourceRules<K extends CollectionName, Create, Update, Shown = RowOf<K>, Filter = never> {
  collection: K
  find(deps: ServiceDeps, shop: ShopRecord, id: string): RowOf<K>
  /** The shop's rows, newest first or as the resource orders them; `filter` as the list takes one. */
  list(deps: ServiceDeps, shop: ShopRecord, filter?: Filter): RowOf<K>[]
  build(deps: ServiceDeps, shop: ShopRecord, body: Create): RowOf<K>
  applyUpdate(deps: ServiceDeps, shop: ShopRecord, row: RowOf<K>, body: Update): RowOf<K>
  /** The row as the API shows it, where that needs other rows (bound products, groups). */
  present?(deps: ServiceDeps, shop: ShopRecord, row: RowOf<K>): Shown
}

/** List, get, create, update and delete of a shop's resource kept in one collection. */
export class ShopResource<K extends CollectionName, Create, Update, Shown = RowOf<K>, Filter = never> {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly rules: ResourceRules<K, Create, Update, Shown, Filter>,
  ) {}

  list(shop: ShopRecord, filter?: Filter): RowOf<K>[] {
    return this.rules.list(this.deps, shop, filter)
  }

  get(shop: ShopRecord, id: string): RowOf<K> {
    return this.rules.find(this.deps, shop, id)
  }

  present(shop: ShopRecord, row: RowOf<K>): Shown {
    return this.rules.present ? this.rules.present(this.deps, shop, row) : (row as Shown)
  }

  create(shop: ShopRecord, body: Create): Promise<RowOf<K>> {
    const { collection, build } = this.rules
    return this.deps.transact((tx) => tx.put(collection, build(this.deps, shop, body)))
  }

  update(shop: ShopRecord, id: string, body: Update): Promise<RowOf<K>> {
    const { collection, find, applyUpdate } = this.rules
    return this.deps.transact((tx) => tx.put(collection, applyUpdate(this.deps, shop, find(this.deps, shop, id), body)))
  }

  delete(shop: ShopRecord, id: string): Promise<void> {
    const { collection, find } = this.rules
    return this.deps.transact((tx) =>
      tx.delete(collection, collectionNamed(this.deps.collections, collection).keyOf(find(this.deps, shop, id))),
    )
  }
}
