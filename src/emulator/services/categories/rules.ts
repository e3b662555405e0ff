import {
  type Category,
  type CreateCategoryBody,
  UNKNOWN_GROUP,
  type UpdateCategoryBody,
} from '../../../contract/categories.js'
import { refuse } from '../../../contract/refusals.js'
import type { ShopRecord } from '../../../contract/rows.js'
import { resolveProductIds } from '../catalogue/bound-products.js'
import type { ServiceDeps } from '../common/deps.js'
import type { ResourceRules } from '../common/shop-resource.js'
import { bySortOrder, given, rowOfShop } from '../common/shop-rows.js'
import { presentCategory } from './present.js'

/** Bound group ids as stored: each must be a group of the shop, kept in the given order, once. */
function resolveGroupIds(deps: ServiceDeps, shop: ShopRecord, ids: string[]): string[] {
  const out = new Set<string>()
  for (const id of ids) {
    const group = deps.collections.groups.get(id)
    if (!group || group.shopId !== shop.id) throw refuse(UNKNOWN_GROUP, { id })
    out.add(group.id)
  }
  return [...out]
}

/**
 * The shop's categories (`/api/v1/categories`), sorted by sortOrder then creation date, shown with
 * their bound products and groups; a delete keeps the bound products and groups (spec, "Categories").
 */
export const categoryRules: ResourceRules<'categories', CreateCategoryBody, UpdateCategoryBody, Category> = {
  collection: 'categories',
  find: (deps, shop, id) => rowOfShop(deps.collections.categories, shop, id, 'category'),
  list: (deps, shop) => bySortOrder(deps.collections.categories.oldestFirst('shop', shop.id)),
  build(deps, shop, body) {
    const now = deps.nowIso(shop)
    return {
      id: deps.newId('cat'),
      shopId: shop.id,
      name: body.name,
      sortOrder: body.sortOrder ?? 0,
      unlisted: body.unlisted ?? false,
      productIds: resolveProductIds(deps, shop, body.productIds ?? []),
      groupIds: resolveGroupIds(deps, shop, body.groupIds ?? []),
      createdAt: now,
      updatedAt: now,
    }
  },
  /** `productIds` or `groupIds` replaces the whole bound list (spec, "Categories"). */
  applyUpdate: (deps, shop, category, { productIds, groupIds, ...fields }) => ({
    ...category,
    ...given(fields),
    productIds: productIds === undefined ? category.productIds : resolveProductIds(deps, shop, productIds),
    groupIds: groupIds === undefined ? category.groupIds : resolveGroupIds(deps, shop, groupIds),
    updatedAt: deps.nowIso(shop),
  }),
  present: presentCategory,
}
