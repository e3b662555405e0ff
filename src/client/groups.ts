import type { Success } from '../contract/common.js'
import type { CreateGroupInput, Group, GroupList, UpdateGroupInput } from '../contract/groups.js'
import { segment, type CallOptions, type Http } from './http.js'

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
    list: (options = {}) => http.request('GET', '/groups', { ...options, schema: 'GroupList' }),
    get: (id, options = {}) => http.request('GET', `/groups/${segment(id)}`, { ...options, schema: 'Group' }),
    create: (body, options = {}) => http.request('POST', '/groups', { ...options, body, schema: 'Group' }),
    update: (id, body, options = {}) =>
      http.request('PUT', `/groups/${segment(id)}`, { ...options, body, schema: 'Group' }),
    delete: (id, options = {}) => http.request('DELETE', `/groups/${segment(id)}`, { ...options, schema: 'Success' }),
  }
}
