import type { Category, CreateCategoryBody, UpdateCategoryBody } from '../../../spec/categories.js'
import type { ShopRecord } from '../../store/records.js'
import type { Shared } from '../shared.js'
import { presentCategory } from './present.js'
import { applyCategoryUpdate, buildCategory, findCategory, listCategories } from './rules.js'

/** The shop's categories (`/api/v1/categories`), shown with their bound products and groups. */
export class CategoryService {
  constructor(private readonly deps: Shared) {}

  /** Sorted by sortOrder, then creation date. */
  list(shop: ShopRecord): Category[] {
    return listCategories(this.deps, shop).map((category) => presentCategory(this.deps, shop, category))
  }

  get(shop: ShopRecord, id: string): Category {
    return presentCategory(this.deps, shop, findCategory(this.deps, shop, id))
  }

  async create(shop: ShopRecord, body: CreateCategoryBody): Promise<Category> {
    const category = await this.deps.transact((tx) => tx.put('categories', buildCategory(this.deps, shop, body)))
    return presentCategory(this.deps, shop, category)
  }

  async update(shop: ShopRecord, id: string, body: UpdateCategoryBody): Promise<Category> {
    const category = await this.deps.transact((tx) =>
      tx.put('categories', applyCategoryUpdate(this.deps, shop, findCategory(this.deps, shop, id), body)),
    )
    return presentCategory(this.deps, shop, category)
  }

  /** Bound products and groups are kept (spec, "Categories"). */
  delete(shop: ShopRecord, id: string): Promise<void> {
    return this.deps.transact((tx) => tx.delete('categories', findCategory(this.deps, shop, id).id))
  }
}
