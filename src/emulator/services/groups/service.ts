import type { CreateGroupBody, Group, UpdateGroupBody } from '../../../contract/groups.js'
import type { GroupRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { ShopResource } from '../common/shop-resource.js'
import { presentGroup } from './present.js'
import { applyGroupUpdate, buildGroup, findGroup, listGroups } from './rules.js'

/**
 * The shop's product groups, or bundles (`/api/v1/groups`), shown with their bound products; a
 * delete keeps the member products, and categories keep the id and stop showing the group (spec, "Groups").
 */
export class GroupService extends ShopResource<'groups', CreateGroupBody, UpdateGroupBody> {
  constructor(deps: ServiceDeps) {
    super(deps, {
      collection: 'groups',
      find: findGroup,
      build: buildGroup,
      applyUpdate: applyGroupUpdate,
    })
  }

  /** Sorted by sortOrder, then creation date. */
  list(shop: ShopRecord): GroupRecord[] {
    return listGroups(this.deps, shop)
  }

  present(shop: ShopRecord, group: GroupRecord): Group {
    return presentGroup(this.deps, shop, group)
  }
}
