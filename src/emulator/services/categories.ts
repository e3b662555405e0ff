import { badRequest, notFound } from '../../spec/errors.js'
import type { Category, CreateCategoryBody, UpdateCategoryBody } from '../../spec/categories.js'
import type { Emulator } from '../context.js'
import { boundProducts, bySortOrder, resolveProductIds } from './groups.js'
import type { CategoryRecord, ShopRecord } from '../store/records.js'

/** A category of the shop by id; 404 otherwise. */
export function findCategory(emu: Emulator, shop: ShopRecord, id: string): CategoryRecord {
  const category = emu.store.c.categories.get(id)
  if (!category || category.shopId !== shop.id) throw notFound('category', id)
  return category
}

/** Sorted by sortOrder, then creation date (spec, "Categories"). */
export function listCategories(emu: Emulator, shop: ShopRecord): CategoryRecord[] {
  return bySortOrder(emu.store.c.categories.oldestFirst('shop', shop.id))
}

/** Bound group ids as stored: each must be a group of the shop, kept in the given order, once. */
function resolveGroupIds(emu: Emulator, shop: ShopRecord, ids: string[]): string[] {
  const out = new Set<string>()
  for (const id of ids) {
    const group = emu.store.c.groups.get(id)
    if (!group || group.shopId !== shop.id) throw badRequest('groupIds', `unknown group ${id}`)
    out.add(group.id)
  }
  return [...out]
}

export function presentCategory(emu: Emulator, shop: ShopRecord, category: CategoryRecord): Category {
  const groups = []
  for (const id of category.groupIds) {
    const group = emu.store.c.groups.get(id)
    if (group?.shopId === shop.id) groups.push({ id: group.id, name: group.name })
  }
  return {
    id: category.id,
    name: category.name,
    sortOrder: category.sortOrder,
    unlisted: category.unlisted,
    products: boundProducts(emu, shop, category.productIds).map((p) => ({
      id: p.id,
      name: p.name,
      productId: p.productId,
    })),
    groups,
    createdAt: category.createdAt,
    updatedAt: category.updatedAt,
  }
}

export function buildCategory(emu: Emulator, shop: ShopRecord, body: CreateCategoryBody): CategoryRecord {
  const now = emu.nowIso()
  return {
    id: emu.newId('cat'),
    shopId: shop.id,
    name: body.name,
    sortOrder: body.sortOrder ?? 0,
    unlisted: body.unlisted ?? false,
    productIds: resolveProductIds(emu, shop, body.productIds ?? []),
    groupIds: resolveGroupIds(emu, shop, body.groupIds ?? []),
    createdAt: now,
    updatedAt: now,
  }
}

/** Applies the given fields; `productIds` or `groupIds` replaces the whole bound list (spec, "Categories"). */
export function applyCategoryUpdate(
  emu: Emulator,
  shop: ShopRecord,
  category: CategoryRecord,
  body: UpdateCategoryBody,
): CategoryRecord {
  const { productIds, groupIds, ...fields } = body
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
  return {
    ...category,
    ...changes,
    productIds: productIds === undefined ? category.productIds : resolveProductIds(emu, shop, productIds),
    groupIds: groupIds === undefined ? category.groupIds : resolveGroupIds(emu, shop, groupIds),
    updatedAt: emu.nowIso(),
  }
}
