import { Hono } from 'hono'
import {
  REQUEST_LOG_LIMIT,
  type RequestLogEntry,
  RequestLogQuerySchema,
  matchesRequestFilter,
} from '../../../spec/requests.js'
import type { EmulatorOptions } from '../../deps.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import type { Services } from '../../services/index.js'
import type { RequestRecorder } from '../../inspector/recorder.js'
import { parseQuery } from '../../middleware/validate.js'
import { lastEventIdOf, streamQueue } from './sse.js'

/**
 * `/_emulator/requests`: the calling account's recent requests (README, "Request inspector").
 * JSON, newest first; with `Accept: text/event-stream`, Server-Sent Events of each new request as
 * it is answered (after replaying those after `Last-Event-ID` or `?after=`, when given).
 */
export const requestLogRoutes = ({ clock }: Services, options: EmulatorOptions, recorder: RequestRecorder) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      const query = parseQuery(c, RequestLogQuerySchema)
      const account = c.var.account.id
      if (!/text\/event-stream/i.test(c.req.header('accept') ?? '')) {
        const limit = query.limit ?? REQUEST_LOG_LIMIT.default
        return c.json({ requests: recorder.list(account, query, limit, query.after) })
      }
      let after = lastEventIdOf(c.req.header('last-event-id'), 'a request sequence number of this log') ?? query.after
      // Read before the stream opens, so a log that is off is refused with its error, not a stream.
      const newest = recorder.newest(account)
      // An id past the log's end comes from before a restart (the log starts empty): replay it all.
      if (after !== undefined && after > newest) after = 0
      return streamQueue<RequestLogEntry>(c, {
        heartbeatMs: options.webhooks?.heartbeatMs,
        nowIso: () => clock.nowIso(c.var.account),
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
    })
    .get('/:id', (c) => c.json(recorder.find(c.var.account.id, c.req.param('id'))))
