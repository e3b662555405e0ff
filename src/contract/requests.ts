import { z } from 'zod'
import { TimestampSchema, limitQuery } from './common.js'

/**
 * The emulator's request inspector (`GET /_emulator/requests`): every `/api/v1` and `/_emulator`
 * request of an account, as its app sent it and as the emulator answered.
 */

/** Requests kept per account; the oldest goes when a new one comes. */
export const REQUEST_LOG_CAPACITY = 1_000
/** Characters kept of each request and response body; `truncated` says when more was sent. */
export const REQUEST_LOG_BODY_LIMIT = 8_192
export const REQUEST_LOG_LIMIT = { default: 100, max: REQUEST_LOG_CAPACITY } as const

/** A body as recorded: its text (cut at REQUEST_LOG_BODY_LIMIT characters, secrets masked) and its full length. */
export const RecordedBodySchema = z.object({
  text: z.string(),
  size: z.number().int().nonnegative(),
  truncated: z.boolean(),
})
export type RecordedBody = z.infer<typeof RecordedBodySchema>

/** A request as recorded, before the log gives it its place (`id`, `sequence`). */
export const RecordedRequestSchema = z.looseObject({
  /** When the request arrived, by the calling account's emulator clock (the time its records were written at). */
  at: TimestampSchema.describe("When the request arrived, by the emulator's clock."),
  /** When the request arrived, by the machine's clock (differs from `at` once the account's clock was advanced). */
  receivedAt: TimestampSchema,
  method: z.string(),
  path: z.string(),
  query: z.string().describe('The query string without `?`; empty when there is none.'),
  status: z.number().int(),
  durationMs: z.number().nonnegative(),
  /** The shop the request acted on (slug), or what `X-Service-Shop` named when that was refused. */
  shop: z.string().nullable(),
  via: z
    .enum(['api', 'dashboard'])
    .describe('`api` with a Bearer key, `dashboard` from the dashboard with its session.'),
  reason: z.string().nullable().describe('For an error, why, in words.'),
  requestHeaders: z.record(z.string(), z.string()).describe('Keys, cookies and `secret` fields masked.'),
  /** null: no body was sent, or the emulator refused the request before reading it. */
  requestBody: RecordedBodySchema.nullable(),
  responseHeaders: z.record(z.string(), z.string()),
  responseBody: RecordedBodySchema.nullable().describe('null: no body, or a stream (Server-Sent Events).'),
})
export type RecordedRequest = z.infer<typeof RecordedRequestSchema>

export const RequestLogEntrySchema = RecordedRequestSchema.extend({
  id: z.string().describe('`req_<sequence>`.'),
  sequence: z.number().int().positive().describe('Grows by one per request of the account; the SSE `id`.'),
}).meta({ id: 'RequestLogEntry', description: 'A recorded request (the request inspector).' })
export type RequestLogEntry = z.infer<typeof RequestLogEntrySchema>
export const RequestLogListSchema = z.object({ requests: z.array(RequestLogEntrySchema) })

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const

/** Filters of the request log; `after` returns (or, on the stream, replays) only later requests. */
export const RequestLogQuerySchema = z.strictObject({
  status: z
    .string()
    .regex(/^(?:[2-5]xx|[1-5]\d\d)$/i, 'must be a status class (2xx, 3xx, 4xx, 5xx) or a status code')
    .optional(),
  method: z
    .string()
    .regex(/^[A-Za-z]{1,10}$/, 'must be an HTTP method such as GET or POST')
    .optional(),
  path: z.string().startsWith('/', 'must start with /').max(500, 'must be at most 500 characters').optional(),
  limit: limitQuery(REQUEST_LOG_LIMIT.max),
  after: z.coerce.number().int('must be an integer').min(0, 'must not be negative').optional(),
})
export type RequestLogQuery = z.input<typeof RequestLogQuerySchema>

/** Whether an entry passes the filters (status class or code, method, path prefix). */
export function matchesRequestFilter(
  entry: Pick<RequestLogEntry, 'status' | 'method' | 'path'>,
  filter: Pick<RequestLogQuery, 'status' | 'method' | 'path'>,
): boolean {
  if (filter.status) {
    const wanted = filter.status.toLowerCase()
    const matches = wanted.endsWith('xx')
      ? Math.floor(entry.status / 100) === Number(wanted[0])
      : entry.status === Number(wanted)
    if (!matches) return false
  }
  if (filter.method && entry.method !== filter.method.toUpperCase()) return false
  if (filter.path && !entry.path.startsWith(filter.path)) return false
  return true
}
