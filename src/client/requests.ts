// The emulator's request inspector (`/_emulator/requests`): what an app sent and what it was
// answered, for the calling key's account. Only `store serve` answers it.
import type { Operations } from '../contract/operations/index.js'
import type { RequestLogEntry } from '../contract/requests.js'
import type { QueryOf } from './call.js'
import { follow, type FollowOptions } from './follow.js'
import type { CallOptions, Http } from './http.js'

/** Filters of the request log: status class (`4xx`) or code (`404`), method, path prefix; `after` a sequence. */
export type RequestLogFilter = QueryOf<Operations['listRequests']>

export type RequestsClient = ReturnType<typeof requests>

export function requests(http: Http) {
  return {
    /** The account's recorded requests, newest first; filters by status class or code, method, path prefix. */
    list: (query: RequestLogFilter = {}, options: CallOptions = {}) => http.call('listRequests', { ...options, query }),
    /** One recorded request by its id (`req_12`). */
    get: (id: string, options: CallOptions = {}) => http.call('getRequest', { ...options, params: { id } }),
    /**
     * Each request as it is answered (`GET /_emulator/requests`, Server-Sent Events). Reconnects by
     * itself and resumes after the last request it yielded, like `emulator.events`; with
     * `since`, the kept requests after that sequence come first. A refusal throws its StoreError.
     */
    stream: (query: Pick<RequestLogFilter, 'status' | 'method' | 'path'> = {}, options: FollowOptions = {}) =>
      follow<RequestLogEntry>(http, 'listRequests', { ...query }, options),
  }
}
