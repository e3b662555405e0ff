import type { CreateGroupBody, Group, UpdateGroupBody } from '../../../contract/groups.js'
import type { ShopRecord } from '../../store/records.js'
import type { ServiceDeps } from '../common/deps.js'
import { ShopResource } from '../common/shop-resource.js'
import { presentGroup } from './present.js'
import { applyGroupUpdate, buildGroup, findGroup, listGroups } from './rules.js'

/**
 * The shop's product groups, or bundles (`/api/v1/groups`), shown with their bound products; a
 * delete keeps the member products, and categories keep the id and stop showing the group (spec, "Groups").
 */
export class GroupService extends ShopResource<'groups', CreateGroupBody, UpdateGroupBody, Group> {
  constructor(deps: ServiceDeps) {
    super(deps, {
      collection: 'groups',
      find: findGroup,
      build: buildGroup,
      applyUpdate: applyGroupUpdate,
      present: presentGroup,
    })
  }

  /** Sorted by sortOrder, then creation date. */
  list(shop: ShopRecord): Group[] {
    return listGroups(this.deps, shop).map((group) => this.show(shop, group))
  }
}
