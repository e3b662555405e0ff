import {
  REQUEST_LOG_BODY_LIMIT,
  REQUEST_LOG_CAPACITY,
  REQUEST_LOG_LIMIT,
  type RequestLogEntry,
  RequestLogEntrySchema,
  RequestLogListSchema,
  RequestLogQuerySchema,
  matchesRequestFilter,
} from '../../../contract/requests.js'
import { json } from '../../openapi/operations.js'
import { authedRoute } from '../route.js'
import { LastEventIdHeader, eventStream } from './events.js'
import { lastEventIdOf, streamQueue } from './sse.js'
import { answerJson } from '../../inspector/answer.js'

/**
 * The calling account's recent requests (README, "Request inspector"). JSON, newest first; with
 * `Accept: text/event-stream`, Server-Sent Events of each new request as it is answered (after
 * replaying those after `Last-Event-ID` or `?after=`, when given).
 */
export const requestLogRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/requests',
      operationId: 'listRequests',
      summary: 'The request inspector',
      description: `The calling account's recent \`/api/v1\` and \`/_emulator\` requests, newest first: time, method, path, query, status, duration, headers and bodies (keys, cookies and \`secret\` fields masked; bodies cut at ${REQUEST_LOG_BODY_LIMIT} characters), and for an error the reason in words. The last ${REQUEST_LOG_CAPACITY} per account are kept, in memory. Requests refused before their key was recognised (401) belong to no account and are not kept. With \`Accept: text/event-stream\`: Server-Sent Events of each new request as it is answered; \`Last-Event-ID\` or \`after\` replays the kept ones after it first.`,
      tag: 'requests',
      query: RequestLogQuerySchema,
      headers: LastEventIdHeader,
      errors: [[404, 'The request log is off: the emulator records no requests (`store serve --no-request-log`).']],
      ok: {
        status: 200,
        description: '`{ requests: [...] }`, or the stream.',
        content: {
          ...json(RequestLogListSchema),
          ...eventStream("Server-Sent Events; `id` is the request's sequence, `data` the recorded request as JSON."),
        },
      },
    },
    (c, { services: { clock }, options, requests: recorder, query }) => {
      const account = c.get('account').id
      if (!/text\/event-stream/i.test(c.req.header('accept') ?? '')) {
        const limit = query.limit ?? REQUEST_LOG_LIMIT.default
        return answerJson(c, { requests: recorder.list(account, query, limit, query.after) })
      }
      let after = lastEventIdOf(c.req.header('last-event-id'), 'a request sequence number of this log') ?? query.after
      // Read before the stream opens, so a log that is off is refused with its error, not a stream.
      const newest = recorder.newest(account)
      // An id past the log's end comes from before a restart (the log starts empty): replay it all.
      if (after !== undefined && after > newest) after = 0
      return streamQueue<RequestLogEntry>(c, {
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
      })
    },
  ),
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/requests/{id}',
      operationId: 'getRequest',
      summary: 'One recorded request',
      tag: 'requests',
      params: { id: "The request's id (`req_…`) or sequence number." },
      ok: { status: 200, description: 'The request.', content: json(RequestLogEntrySchema) },
    },
    (c, { requests, params }) => answerJson(c, requests.find(c.get('account').id, params.id)),
  ),
]
