import { REQUEST_LOG_LIMIT, type RequestLogEntry, matchesRequestFilter } from '../../../contract/requests.js'
import { authedHandlers } from '../route.js'
import { answerSse } from './sse-sink.js'
import { DEFAULT_HEARTBEAT_MS, RECONNECT_MS, lastEventIdOf } from './sse.js'

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
      return { requests: recorder.list(account, query, limit, query.after) }
    }
    let after = lastEventIdOf(c.req.header('last-event-id'), 'a request sequence number of this log') ?? query.after
    // Read before the stream opens, so a log that is off is refused with its error, not a stream.
    const newest = recorder.newest(account)
    // An id past the log's end comes from before a restart (the log starts empty): replay it all.
    if (after !== undefined && after > newest) after = 0
    return answerSse(c, (sink) => {
      const send = (entry: RequestLogEntry) => sink.write(`data: ${JSON.stringify(entry)}\nid: ${entry.sequence}\n\n`)
      sink.write(`retry: ${RECONNECT_MS}\n: requests of this account; newest ${recorder.newest(account)}\n\n`)
      if (after !== undefined) for (const entry of recorder.since(account, query, after)) send(entry)
      const unsubscribe = recorder.subscribe(account, (entry) => {
        if (matchesRequestFilter(entry, query)) send(entry)
      })
      // A periodic keep-alive, not a wait: unref'd so it never holds the process open.
      const heartbeat = setInterval(
        () => sink.write(`: heartbeat ${clock.nowIso(c.get('account'))}\n\n`),
        options.webhooks?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
      )
      heartbeat.unref?.()
      return {
        drained: () => {},
        closed: () => {
          unsubscribe()
          clearInterval(heartbeat)
        },
      }
    })
  },
  getRequest: (c, { requests, params }) => requests.find(c.get('account').id, params.id),
})
