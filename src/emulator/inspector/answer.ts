import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** A JSON answer as the request log keeps it: its text and the headers it was given. */
export interface AnsweredJson {
  text: string
  headers: Readonly<Record<string, string>>
  response: Response
}

/**
 * Answers with `value` as JSON, as `c.json` does, and keeps its text and headers on the context for
 * the request log, which would otherwise read the answer's body back as a stream. Its headers are
 * given here, never with `c.header`, so that the log shows them all.
 */
export function answerJson(
  c: Context,
  value: unknown,
  status?: ContentfulStatusCode,
  headers?: Record<string, string>,
): Response {
  const text = JSON.stringify(value)
  const all = { ...headers, 'Content-Type': 'application/json' }
  const response = c.body(text, status, all)
  c.set('answeredJson', { text, headers: all, response } satisfies AnsweredJson)
  return response
}

/** The last JSON answer {@link answerJson} made for the request. */
export const answeredJsonOf = (c: Context): AnsweredJson | undefined => c.get('answeredJson')
