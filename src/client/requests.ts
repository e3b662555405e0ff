// The emulator's request inspector (`/_emulator/requests`): what an app sent and what it was
// answered, for the calling key's account. Only `store serve` and the MSW handlers answer it.
import { RequestLogEntrySchema, RequestLogListSchema } from '../spec/requests.js'
import { errorOf, segment, type Http } from './http.js'

/** Filters of the request log: status class (`4xx`) or code (`404`), method, path prefix; `after` a sequence. */
export type RequestLogFilter = {
  status?: string
  method?: string
  path?: string
  limit?: number
  after?: number
}

export function requests(http: Http) {
  return {
    /** The account's recorded requests, newest first; filters by status class or code, method, path prefix. */
    list: (query: RequestLogFilter = {}) =>
      http.request('GET', '/_emulator/requests', { root: 'origin', query, schema: RequestLogListSchema }),
    /** One recorded request by its id (`req_12`). */
    get: (id: string) =>
      http.request('GET', `/_emulator/requests/${segment(id)}`, { root: 'origin', schema: RequestLogEntrySchema }),
    /**
     * The live log as Server-Sent Events (`id`: the request's sequence, `data`: the request as JSON);
     * with `lastEventId`, the kept requests after it come first. Answers the open response, whose
     * body the caller reads; a refusal throws `StoreError`. Never retried: the caller reconnects.
     */
    stream: async (
      query: Pick<RequestLogFilter, 'status' | 'method' | 'path'> = {},
      o: { lastEventId?: string; signal?: AbortSignal } = {},
    ): Promise<Response> => {
      const headers = http.headersFor({
        headers: { accept: 'text/event-stream', ...(o.lastEventId ? { 'last-event-id': o.lastEventId } : {}) },
      })
      const res = await (http.options.fetch ?? globalThis.fetch)(http.url('/_emulator/requests', query, 'origin'), {
        headers,
        signal: o.signal,
      })
      if (!res.ok) throw errorOf(res, await res.text())
      return res
    },
  }
}
export type RequestsClient = ReturnType<typeof requests>
