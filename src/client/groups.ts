import type { Success } from '../contract/common.js'
import type { CreateGroupInput, Group, GroupList, UpdateGroupInput } from '../contract/groups.js'
import type { CallOptions, Http } from './http.js'

export interface GroupsClient {
  list(options?: CallOptions): Promise<GroupList>
  get(id: string, options?: CallOptions): Promise<Group>
  create(body: CreateGroupInput, options?: CallOptions): Promise<Group>
  /** `productIds` replaces the member list. */
  update(id: string, body: UpdateGroupInput, options?: CallOptions): Promise<Group>
  /** Member products are kept. */
  delete(id: string, options?: CallOptions): Promise<Success>
}

/** `/groups` (spec, "Endpoints: Groups"): bundles. */
export function groups(http: Http): GroupsClient {
  return {
    list: (options = {}) => http.call('listGroups', options),
    get: (id, options = {}) => http.call('getGroup', { ...options, params: { id } }),
    create: (body, options = {}) => http.call('createGroup', { ...options, body }),
    update: (id, body, options = {}) => http.call('updateGroup', { ...options, params: { id }, body }),
    delete: (id, options = {}) => http.call('deleteGroup', { ...options, params: { id } }),
  }
}
