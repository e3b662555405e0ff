import { badRequest, notFound } from '../../spec/errors.js'
import type { Category, CreateCategoryBody, UpdateCategoryBody } from '../../spec/categories.js'
import type { ServiceDeps } from './deps.js'
import { boundProducts, bySortOrder, resolveProductIds } from './groups.js'
import type { CategoryRecord, ShopRecord } from '../store/records.js'

/** A category of the shop by id; 404 otherwise. */
function findCategory(deps: ServiceDeps, shop: ShopRecord, id: string): CategoryRecord {
  const category = deps.rows.categories.get(id)
  if (!category || category.shopId !== shop.id) throw notFound('category', id)
  return category
}

/** Sorted by sortOrder, then creation date (spec, "Categories"). */
export function listCategories(deps: ServiceDeps, shop: ShopRecord): CategoryRecord[] {
  return bySortOrder(deps.rows.categories.oldestFirst('shop', shop.id))
}

/** Bound group ids as stored: each must be a group of the shop, kept in the given order, once. */
function resolveGroupIds(deps: ServiceDeps, shop: ShopRecord, ids: string[]): string[] {
  const out = new Set<string>()
  for (const id of ids) {
    const group = deps.rows.groups.get(id)
    if (!group || group.shopId !== shop.id) throw badRequest('groupIds', `unknown group ${id}`)
    out.add(group.id)
  }
  return [...out]
}

function presentCategory(deps: ServiceDeps, shop: ShopRecord, category: CategoryRecord): Category {
  const groups = []
  for (const id of category.groupIds) {
    const group = deps.rows.groups.get(id)
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

function buildCategory(deps: ServiceDeps, shop: ShopRecord, body: CreateCategoryBody): CategoryRecord {
  const now = deps.nowIso()
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
function applyCategoryUpdate(
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
    updatedAt: deps.nowIso(),
  }
}

/** The shop's categories (`/api/v1/categories`), shown with their bound products and groups. */
export class CategoryService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Sorted by sortOrder, then creation date. */
  list(shop: ShopRecord): Category[] {
    return listCategories(this.deps, shop).map((category) => presentCategory(this.deps, shop, category))
  }

  get(shop: ShopRecord, id: string): Category {
    return presentCategory(this.deps, shop, findCategory(this.deps, shop, id))
  }

  async create(shop: ShopRecord, body: CreateCategoryBody): Promise<Category> {
    const category = await this.deps.store.tx((tx) => tx.put('categories', buildCategory(this.deps, shop, body)))
    return presentCategory(this.deps, shop, category)
  }

  async update(shop: ShopRecord, id: string, body: UpdateCategoryBody): Promise<Category> {
    const category = await this.deps.store.tx((tx) =>
      tx.put('categories', applyCategoryUpdate(this.deps, shop, findCategory(this.deps, shop, id), body)),
    )
    return presentCategory(this.deps, shop, category)
  }

  /** Bound products and groups are kept (spec, "Categories"). */
  delete(shop: ShopRecord, id: string): Promise<void> {
    return this.deps.store.tx((tx) => tx.delete('categories', findCategory(this.deps, shop, id).id))
  }
}
