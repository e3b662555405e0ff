import type { Category, CreateCategoryBody, UpdateCategoryBody } from '../../../contract/categories.js'
import type { CategoryRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { ShopResource } from '../common/shop-resource.js'
import { presentCategory } from './present.js'
import { applyCategoryUpdate, buildCategory, findCategory, listCategories } from './rules.js'

/**
 * The shop's categories (`/api/v1/categories`), shown with their bound products and groups; a
 * delete keeps the bound products and groups (spec, "Categories").
 */
export class CategoryService extends ShopResource<'categories', CreateCategoryBody, UpdateCategoryBody> {
  constructor(deps: ServiceDeps) {
    super(deps, {
      collection: 'categories',
      find: findCategory,
      build: buildCategory,
      applyUpdate: applyCategoryUpdate,
    })
  }

  /** Sorted by sortOrder, then creation date. */
  list(shop: ShopRecord): CategoryRecord[] {
    return listCategories(this.deps, shop)
  }

  present(shop: ShopRecord, category: CategoryRecord): Category {
    return presentCategory(this.deps, shop, category)
  }
}
