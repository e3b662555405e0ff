import {
  REQUEST_LOG_BODY_LIMIT,
  REQUEST_LOG_CAPACITY,
  RequestLogEntrySchema,
  RequestLogListSchema,
  RequestLogQuerySchema,
} from '../../requests.js'
import { answer, area, json } from '../operation.js'
import { LastEventIdHeader, eventStream } from './events.js'

/** The request inspector (docs/emulator.md, "Request inspector"). */
export const REQUEST_LOG_OPERATIONS = area('requests', {
  listRequests: {
    method: 'get',
    path: '/_emulator/requests',
    summary: 'The request inspector',
    description: `The calling account's recent \`/api/v1\` and \`/_emulator\` requests, newest first: time, method, path, query, status, duration, headers and bodies (keys, cookies and \`secret\` fields masked; bodies cut at ${REQUEST_LOG_BODY_LIMIT} characters), and for an error the reason in words. The last ${REQUEST_LOG_CAPACITY} per account are kept, in memory. Requests refused before their key was recognised (401) belong to no account and are not kept. With \`Accept: text/event-stream\`: Server-Sent Events of each new request as it is answered; \`Last-Event-ID\` or \`after\` replays the kept ones after it first.`,
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
  getRequest: {
    method: 'get',
    path: '/_emulator/requests/{id}',
    summary: 'One recorded request',
    params: { id: "The request's id (`req_…`) or sequence number." },
    ok: answer(200, 'The request.', RequestLogEntrySchema),
  },
})
