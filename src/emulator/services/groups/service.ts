import type { CreateGroupBody, Group, UpdateGroupBody } from '../../../spec/groups.js'
import type { ShopRecord } from '../../store/records.js'
import type { Shared } from '../shared.js'
import { presentGroup } from './present.js'
import { applyGroupUpdate, buildGroup, findGroup, listGroups } from './rules.js'

/** The shop's product groups, or bundles (`/api/v1/groups`), shown with their bound products. */
export class GroupService {
  constructor(private readonly deps: Shared) {}

  /** Sorted by sortOrder, then creation date. */
  list(shop: ShopRecord): Group[] {
    return listGroups(this.deps, shop).map((group) => presentGroup(this.deps, shop, group))
  }

  get(shop: ShopRecord, id: string): Group {
    return presentGroup(this.deps, shop, findGroup(this.deps, shop, id))
  }

  async create(shop: ShopRecord, body: CreateGroupBody): Promise<Group> {
    const group = await this.deps.transact((tx) => tx.put('groups', buildGroup(this.deps, shop, body)))
    return presentGroup(this.deps, shop, group)
  }

  async update(shop: ShopRecord, id: string, body: UpdateGroupBody): Promise<Group> {
    const group = await this.deps.transact((tx) =>
      tx.put('groups', applyGroupUpdate(this.deps, shop, findGroup(this.deps, shop, id), body)),
    )
    return presentGroup(this.deps, shop, group)
  }

  /** Member products are kept; categories keep the id and stop showing the group (spec, "Groups"). */
  delete(shop: ShopRecord, id: string): Promise<void> {
    return this.deps.transact((tx) => tx.delete('groups', findGroup(this.deps, shop, id).id))
  }
}
