import type { Category } from '../../../contract/categories.js'
import type { CategoryRecord, ShopRecord } from '../../../contract/rows.js'
import { boundProducts } from '../catalogue/bound-products.js'
import type { ServiceDeps } from '../common/deps.js'

/** A category as the API shows it: its bound products and groups that still exist (spec, "Categories"). */
export function presentCategory(deps: ServiceDeps, shop: ShopRecord, category: CategoryRecord): Category {
  const groups = []
  for (const id of category.groupIds) {
    const group = deps.collections.groups.get(id)
    if (group?.shopId === shop.id) groups.push({ id: group.id, name: group.name })
  }
  return {
    id: category.id,
    name: category.name,
    sortOrder: category.sortOrder,
    unlisted: category.unlisted,
    products: boundProducts(deps, shop, category.productIds).map((p) => ({
      id: p.id,
      name: p.name,
      productId: p.productId,
    })),
    groups,
    createdAt: category.createdAt,
    updatedAt: category.updatedAt,
  }
}
