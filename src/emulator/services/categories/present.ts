import { type Category, CategorySchema } from '../../../contract/categories.js'
import type { CategoryRecord, ShopRecord } from '../../../contract/rows.js'
import { boundProducts } from '../catalogue/bound-products.js'
import type { ServiceDeps } from '../common/deps.js'
import { presenterOf } from '../common/listed.js'

const copyCategory = presenterOf(CategorySchema)

/** A category as the API shows it: its bound products and groups that still exist (spec, "Categories"). */
export function presentCategory(deps: ServiceDeps, shop: ShopRecord, category: CategoryRecord): Category {
  const groups = []
  for (const id of category.groupIds) {
    const group = deps.collections.groups.get(id)
    if (group?.shopId === shop.id) groups.push({ id: group.id, name: group.name })
  }
  const products = boundProducts(deps, shop, category.productIds).map(({ id, name, productId }) => ({
    id,
    name,
    productId,
  }))
  return copyCategory({ ...category, products, groups })
}
