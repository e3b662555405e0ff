import type { CreateGroupBody, UpdateGroupBody } from '../../../contract/groups.js'
import { resolveProductIds } from '../catalogue/bound-products.js'
import { presentGroup } from './present.js'
import { bySortOrder, rowOfShop } from '../common/shop-rows.js'
import type { ServiceDeps } from '../common/deps.js'
import type { GroupRecord, ShopRecord } from '../../../contract/rows.js'

/** A group of the shop by id; 404 otherwise. */
export function findGroup(deps: ServiceDeps, shop: ShopRecord, id: string): GroupRecord {
  return rowOfShop(deps.collections.groups, shop, id, 'group')
}

export function listGroups(deps: ServiceDeps, shop: ShopRecord): GroupRecord[] {
  return bySortOrder(deps.collections.groups.oldestFirst('shop', shop.id))
}

export function buildGroup(deps: ServiceDeps, shop: ShopRecord, body: CreateGroupBody): GroupRecord {
  const now = deps.nowIso(shop)
  return {
    id: deps.newId('grp'),
    shopId: shop.id,
    name: body.name,
    description: body.description ?? '',
    discountPercent: body.discountPercent ?? 0,
    image: body.image ?? null,
    sortOrder: body.sortOrder ?? 0,
    unlisted: body.unlisted ?? false,
    productIds: resolveProductIds(deps, shop, body.productIds ?? []),
    createdAt: now,
    updatedAt: now,
  }
}

/** Applies the given fields; `productIds` replaces the whole list (spec, "Groups"). */
export function applyGroupUpdate(
  deps: ServiceDeps,
  shop: ShopRecord,
  group: GroupRecord,
  body: UpdateGroupBody,
): GroupRecord {
  const { productIds, ...fields } = body
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
  return {
    ...group,
    ...changes,
    productIds: productIds === undefined ? group.productIds : resolveProductIds(deps, shop, productIds),
    updatedAt: deps.nowIso(shop),
  }
}

/**
 * The shop's product groups, or bundles (`/api/v1/groups`), shown with their bound products; a
 * delete keeps the member products, and categories keep the id and stop showing the group (spec, "Groups").
 */
export const groupRules = {
  collection: 'groups',
  find: findGroup,
  list: listGroups,
  build: buildGroup,
  applyUpdate: applyGroupUpdate,
  present: presentGroup,
} as const
