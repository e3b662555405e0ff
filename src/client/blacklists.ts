import type { Success } from '../contract/common.js'
import type {
  BlacklistEntry,
  BlacklistList,
  CreateBlacklistInput,
  UpdateBlacklistInput,
} from '../contract/blacklists.js'
import { segment, type CallOptions, type Http } from './http.js'

export interface BlacklistsClient {
  list(options?: CallOptions): Promise<BlacklistList>
  get(id: string, options?: CallOptions): Promise<BlacklistEntry>
  create(body: CreateBlacklistInput, options?: CallOptions): Promise<BlacklistEntry>
  update(id: string, body: UpdateBlacklistInput, options?: CallOptions): Promise<BlacklistEntry>
  delete(id: string, options?: CallOptions): Promise<Success>
}

/** `/blacklists` (spec, "Endpoints: Blacklists"): IP, COUNTRY or EMAIL entries of the shop. */
export function blacklists(http: Http): BlacklistsClient {
  return {
    list: (options = {}) => http.request('GET', '/blacklists', { ...options, schema: 'BlacklistList' }),
    get: (id, options = {}) =>
      http.request('GET', `/blacklists/${segment(id)}`, { ...options, schema: 'BlacklistEntry' }),
    create: (body, options = {}) => http.request('POST', '/blacklists', { ...options, body, schema: 'BlacklistEntry' }),
    update: (id, body, options = {}) =>
      http.request('PUT', `/blacklists/${segment(id)}`, { ...options, body, schema: 'BlacklistEntry' }),
    delete: (id, options = {}) =>
      http.request('DELETE', `/blacklists/${segment(id)}`, { ...options, schema: 'Success' }),
  }
}
