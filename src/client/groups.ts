import type { z } from 'zod'
import { SuccessSchema } from '../spec/common.js'
import { GroupListSchema, GroupSchema, type CreateGroupBodySchema, type UpdateGroupBodySchema } from '../spec/groups.js'
import { segment, type Http } from './http.js'

/** `/groups` (spec, "Endpoints: Groups"): bundles; `productIds` replaces the member list. */
export function groups(http: Http) {
  return {
    list: () => http.request('GET', '/groups', { schema: GroupListSchema }),
    get: (id: string) => http.request('GET', `/groups/${segment(id)}`, { schema: GroupSchema }),
    create: (body: z.input<typeof CreateGroupBodySchema>) =>
      http.request('POST', '/groups', { body, schema: GroupSchema }),
    update: (id: string, body: z.input<typeof UpdateGroupBodySchema>) =>
      http.request('PUT', `/groups/${segment(id)}`, { body, schema: GroupSchema }),
    /** Member products are kept. */
    delete: (id: string) => http.request('DELETE', `/groups/${segment(id)}`, { schema: SuccessSchema }),
  }
}
export type GroupsClient = ReturnType<typeof groups>
