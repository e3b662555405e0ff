import { REQUEST_LOG_LIMIT, type RequestLogEntry, matchesRequestFilter } from '../../../contract/requests.js'
import { authedHandlers } from '../route.js'
import { lastEventIdOf, streamQueue } from './sse.js'

/**
 * The calling account's recent requests (docs/emulator.md, "Request inspector"). JSON, newest first; with
 * `Accept: text/event-stream`, Server-Sent Events of each new request as it is answered (after
 * replaying those after `Last-Event-ID` or `?after=`, when given).
 */
export const requestLogHandlers = authedHandlers({
  listRequests: (c, { services: { clock }, options, requests: recorder, query }) => {
    const account = c.get('account').id
    if (!/text\/event-stream/i.test(c.req.header('accept') ?? '')) {
      const limit = query.limit ?? REQUEST_LOG_LIMIT.default
      return { status: 200, body: { requests: recorder.list(account, query, limit, query.after) } }
    }
    let after = lastEventIdOf(c.req.header('last-event-id'), 'a request sequence number of this log') ?? query.after
    // Read before the stream opens, so a log that is off is refused with its error, not a stream.
    const newest = recorder.newest(account)
    // An id past the log's end comes from before a restart (the log starts empty): replay it all.
    if (after !== undefined && after > newest) after = 0
    return {
      response: streamQueue<RequestLogEntry>(c, {
        heartbeatMs: options.webhooks?.heartbeatMs,
        nowIso: () => clock.nowIso(c.get('account')),
        start: () => ({
          backlog: after === undefined ? [] : recorder.since(account, query, after),
          comment: `requests of this account; newest ${recorder.newest(account)}`,
        }),
        subscribe: (push) =>
          recorder.subscribe(account, (entry) => {
            if (matchesRequestFilter(entry, query)) push(entry)
          }),
        send: (stream, entry) => stream.writeSSE({ id: String(entry.sequence), data: JSON.stringify(entry) }),
      }),
    }
  },
  getRequest: (c, { requests, params }) => ({ status: 200, body: requests.find(c.get('account').id, params.id) }),
})
