import type { CreateGroupBody, Group, UpdateGroupBody } from '../../../contract/groups.js'
import { resolveProductIds } from '../catalogue/bound-products.js'
import type { ResourceRules } from '../common/shop-resource.js'
import { bySortOrder, given, rowOfShop } from '../common/shop-rows.js'
import { presentGroup } from './present.js'

/**
 * The shop's product groups, or bundles (`/api/v1/groups`), shown with their bound products; a
 * delete keeps the member products, and categories keep the id and stop showing the group (spec, "Groups").
 */
export const groupRules: ResourceRules<'groups', CreateGroupBody, UpdateGroupBody, Group> = {
  collection: 'groups',
  find: (deps, shop, id) => rowOfShop(deps.collections.groups, shop, id, 'group'),
  list: (deps, shop) => bySortOrder(deps.collections.groups.oldestFirst('shop', shop.id)),
  build(deps, shop, body) {
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
  },
  /** `productIds` replaces the whole list (spec, "Groups"). */
  applyUpdate: (deps, shop, group, { productIds, ...fields }) => ({
    ...group,
    ...given(fields),
    productIds: productIds === undefined ? group.productIds : resolveProductIds(deps, shop, productIds),
    updatedAt: deps.nowIso(shop),
  }),
  present: presentGroup,
}
