import type { z } from 'zod'
import { SuccessSchema } from '../spec/common.js'
import {
  BlacklistEntrySchema,
  BlacklistListSchema,
  type CreateBlacklistBodySchema,
  type UpdateBlacklistBodySchema,
} from '../spec/blacklists.js'
import { segment, type Http } from './http.js'

/** `/blacklists` (spec, "Endpoints: Blacklists"): IP, COUNTRY or EMAIL entries of the shop. */
export function blacklists(http: Http) {
  return {
    list: () => http.request('GET', '/blacklists', { schema: BlacklistListSchema }),
    get: (id: string) => http.request('GET', `/blacklists/${segment(id)}`, { schema: BlacklistEntrySchema }),
    create: (body: z.input<typeof CreateBlacklistBodySchema>) =>
      http.request('POST', '/blacklists', { body, schema: BlacklistEntrySchema }),
    update: (id: string, body: z.input<typeof UpdateBlacklistBodySchema>) =>
      http.request('PUT', `/blacklists/${segment(id)}`, { body, schema: BlacklistEntrySchema }),
    delete: (id: string) => http.request('DELETE', `/blacklists/${segment(id)}`, { schema: SuccessSchema }),
  }
}
export type BlacklistsClient = ReturnType<typeof blacklists>
