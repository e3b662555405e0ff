import { type Group, GroupSchema } from '../../../contract/groups.js'
import type { GroupRecord, ShopRecord } from '../../../contract/rows.js'
import { boundProducts } from '../catalogue/bound-products.js'
import type { ServiceDeps } from '../common/deps.js'
import { presenterOf } from '../common/listed.js'

const copyGroup = presenterOf(GroupSchema)

/** A group as the API shows it, with its bound products that still exist (spec, "Groups"). */
export function presentGroup(deps: ServiceDeps, shop: ShopRecord, group: GroupRecord): Group {
  const products = boundProducts(deps, shop, group.productIds).map(({ id, name, productId, price }) => ({
    id,
    name,
    productId,
    price,
  }))
  return copyGroup({ ...group, products })
}
