import type { Success } from '../contract/common.js'
import type {
  BlacklistEntry,
  BlacklistList,
  CreateBlacklistInput,
  UpdateBlacklistInput,
} from '../contract/blacklists.js'
import type { CallOptions, Http } from './http.js'

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
    list: (options = {}) => http.call('listBlacklists', options),
    get: (id, options = {}) => http.call('getBlacklistEntry', { ...options, params: { id } }),
    create: (body, options = {}) => http.call('createBlacklistEntry', { ...options, body }),
    update: (id, body, options = {}) => http.call('updateBlacklistEntry', { ...options, params: { id }, body }),
    delete: (id, options = {}) => http.call('deleteBlacklistEntry', { ...options, params: { id } }),
  }
}
