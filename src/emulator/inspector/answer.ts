import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

const ANSWERED = 'answeredJson'

/**
 * Answers with `value` as JSON, as `c.json` does (the same bytes and headers), and keeps its text
 * on the context for the request inspector: reading a response's body back after `next()` turns it
 * into a stream, which cost four of every five answers per second of a GET (README, "Benchmarks").
 */
export function answerJson(
  c: Context,
  value: unknown,
  status?: ContentfulStatusCode,
  headers?: Record<string, string>,
): Response {
  const text = JSON.stringify(value)
  c.set(ANSWERED, text)
  return c.body(text, status, headers ? { ...headers, ...JSON_TYPE } : JSON_TYPE)
}

const JSON_TYPE: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json' })

/** The text of the JSON answer, when the request was answered through {@link answerJson}. */
export const answeredJsonOf = (c: Context): string | undefined => c.get(ANSWERED)
