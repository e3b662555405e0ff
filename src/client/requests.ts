// The emulator's request inspector (`/_emulator/requests`): what an app sent and what it was
// answered, for the calling key's account. Only `store serve` answers it.
import type { RequestLogEntry, RequestLogList } from '../contract/requests.js'
import { follow, jsonOf, type FollowOptions } from './follow.js'
import type { CallOptions, Http } from './http.js'

/** Filters of the request log: status class (`4xx`) or code (`404`), method, path prefix; `after` a sequence. */
export interface RequestLogFilter {
  status?: string
  method?: string
  path?: string
  limit?: number
  after?: number
}

export interface RequestsClient {
  /** The account's recorded requests, newest first; filters by status class or code, method, path prefix. */
  list(query?: RequestLogFilter, options?: CallOptions): Promise<RequestLogList>
  /** One recorded request by its id (`req_12`). */
  get(id: string, options?: CallOptions): Promise<RequestLogEntry>
  /**
   * Each request as it is answered (`GET /_emulator/requests`, Server-Sent Events). Reconnects by
   * itself and resumes after the last request it yielded, like {@link EmulatorClient.events}; with
   * `since`, the kept requests after that sequence come first. A refusal throws its StoreError.
   */
  stream(
    query?: Pick<RequestLogFilter, 'status' | 'method' | 'path'>,
    options?: FollowOptions,
  ): AsyncGenerator<RequestLogEntry>
}

export function requests(http: Http): RequestsClient {
  return {
    list: (query = {}, options = {}) => http.call('listRequests', { ...options, query }),
    get: (id, options = {}) => http.call('getRequest', { ...options, params: { id } }),
    stream: (query = {}, options = {}) =>
      follow(http, 'listRequests', { ...query }, options, (message) => {
        const entry = jsonOf(message.data) as RequestLogEntry | undefined
        return typeof entry?.sequence === 'number' && typeof entry.path === 'string'
          ? { item: entry, id: String(entry.sequence) }
          : undefined
      }),
  }
}
