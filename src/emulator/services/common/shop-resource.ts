import { collectionNamed, type CollectionName, type RowOf } from '../../store/collections.js'
import type { ShopRecord } from '../../store/records.js'
import type { ServiceDeps } from './deps.js'

/** How a shop's resource finds, builds and updates its rows, and shows one. */
export interface ResourceRules<K extends CollectionName, Create, Update, Shown> {
  collection: K
  find(deps: ServiceDeps, shop: ShopRecord, id: string): RowOf<K>
  build(deps: ServiceDeps, shop: ShopRecord, body: Create): RowOf<K>
  applyUpdate(deps: ServiceDeps, shop: ShopRecord, row: RowOf<K>, body: Update): RowOf<K>
  present(deps: ServiceDeps, shop: ShopRecord, row: RowOf<K>): Shown
}

/** Get, create, update and delete of a shop's resource kept in one collection, each write one transaction. */
export class ShopResource<K extends CollectionName, Create, Update, Shown> {
  constructor(
    protected readonly deps: ServiceDeps,
    private readonly rules: ResourceRules<K, Create, Update, Shown>,
  ) {}

  protected show(shop: ShopRecord, row: RowOf<K>): Shown {
    return this.rules.present(this.deps, shop, row)
  }

  get(shop: ShopRecord, id: string): Shown {
    return this.show(shop, this.rules.find(this.deps, shop, id))
  }

  async create(shop: ShopRecord, body: Create): Promise<Shown> {
    const { collection, build } = this.rules
    return this.show(shop, await this.deps.transact((tx) => tx.put(collection, build(this.deps, shop, body))))
  }

  async update(shop: ShopRecord, id: string, body: Update): Promise<Shown> {
    const { collection, find, applyUpdate } = this.rules
    const row = await this.deps.transact((tx) =>
      tx.put(collection, applyUpdate(this.deps, shop, find(this.deps, shop, id), body)),
    )
    return this.show(shop, row)
  }

  delete(shop: ShopRecord, id: string): Promise<void> {
    const { collection, find } = this.rules
    return this.deps.transact((tx) =>
      tx.delete(collection, collectionNamed(this.deps.collections, collection).keyOf(find(this.deps, shop, id))),
    )
  }
}
