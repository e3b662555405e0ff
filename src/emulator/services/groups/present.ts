import type { Group } from '../../../contract/groups.js'
import type { GroupRecord, ShopRecord } from '../../../contract/rows.js'
import { boundProducts } from '../catalogue/bound-products.js'
import type { ServiceDeps } from '../common/deps.js'

/** A group as the API shows it, with its bound products that still exist (spec, "Groups"). */
export function presentGroup(deps: ServiceDeps, shop: ShopRecord, group: GroupRecord): Group {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    discountPercent: group.discountPercent,
    image: group.image,
    sortOrder: group.sortOrder,
    unlisted: group.unlisted,
    products: boundProducts(deps, shop, group.productIds).map((p) => ({
      id: p.id,
      name: p.name,
      productId: p.productId,
      price: p.price,
    })),
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
  }
}
