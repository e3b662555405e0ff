import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

const ANSWERED = 'answeredJson'

/** A JSON answer as the request inspector keeps it: its text and the headers it was given. */
export interface AnsweredJson {
  text: string
  headers: Readonly<Record<string, string>>
  response: Response
}

/**
 * Answers with `value` as JSON, as `c.json` does (the same bytes and headers), and keeps its text
 * and headers on the context for the request inspector: reading a response's body back after
 * `next()` turns it into a stream, which cost four of every five answers per second of a GET, and
 * reading its headers builds them anew (docs/benchmarks.md, "Benchmarks"). A JSON answer's headers are given
 * here, never with `c.header`, so that the log shows them all.
 */
export function answerJson(
  c: Context,
  value: unknown,
  status?: ContentfulStatusCode,
  headers?: Record<string, string>,
): Response {
  const text = JSON.stringify(value)
  const all = headers ? { ...headers, ...JSON_TYPE } : JSON_TYPE
  const response = c.body(text, status, all)
  c.set(ANSWERED, { text, headers: all, response } satisfies AnsweredJson)
  return response
}

const JSON_TYPE: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json' })

/** The last JSON answer {@link answerJson} made for the request. */
export const answeredJsonOf = (c: Context): AnsweredJson | undefined => c.get(ANSWERED)
