import { UNKNOWN_GROUP, type CreateCategoryBody, type UpdateCategoryBody } from '../../../contract/categories.js'
import { refuse } from '../../../contract/refusals.js'
import type { ServiceDeps } from '../common/deps.js'
import { resolveProductIds } from '../catalogue/bound-products.js'
import { presentCategory } from './present.js'
import { bySortOrder, rowOfShop } from '../common/shop-rows.js'
import type { CategoryRecord, ShopRecord } from '../../../contract/rows.js'

/** A category of the shop by id; 404 otherwise. */
export function findCategory(deps: ServiceDeps, shop: ShopRecord, id: string): CategoryRecord {
  return rowOfShop(deps.collections.categories, shop, id, 'category')
}

/** Sorted by sortOrder, then creation date (spec, "Categories"). */
export function listCategories(deps: ServiceDeps, shop: ShopRecord): CategoryRecord[] {
  return bySortOrder(deps.collections.categories.oldestFirst('shop', shop.id))
}

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

export function buildCategory(deps: ServiceDeps, shop: ShopRecord, body: CreateCategoryBody): CategoryRecord {
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
}

/** Applies the given fields; `productIds` or `groupIds` replaces the whole bound list (spec, "Categories"). */
export function applyCategoryUpdate(
  deps: ServiceDeps,
  shop: ShopRecord,
  category: CategoryRecord,
  body: UpdateCategoryBody,
): CategoryRecord {
  const { productIds, groupIds, ...fields } = body
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
  return {
    ...category,
    ...changes,
    productIds: productIds === undefined ? category.productIds : resolveProductIds(deps, shop, productIds),
    groupIds: groupIds === undefined ? category.groupIds : resolveGroupIds(deps, shop, groupIds),
    updatedAt: deps.nowIso(shop),
  }
}

/**
 * The shop's categories (`/api/v1/categories`), shown with their bound products and groups; a
 * delete keeps the bound products and groups (spec, "Categories").
 */
export const categoryRules = {
  collection: 'categories',
  find: findCategory,
  list: listCategories,
  build: buildCategory,
  applyUpdate: applyCategoryUpdate,
  present: presentCategory,
} as const
