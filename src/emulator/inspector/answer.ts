import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The context variable holding the text of the JSON answer, for the request inspector. */
const ANSWERED_JSON = 'answeredJson'
const JSON_TYPE = { 'Content-Type': 'application/json' }
/** What `c.json` and `c.body` take after the body: a status, or response options. */
type Status = ContentfulStatusCode | ResponseInit
type Headers = Record<string, string | string[]>

/** What a JSON answer's text is made from (a page of rows' texts), to make the same text again later. */
export interface JsonSource {
  text(): string
}

/**
 * Answers with JSON text and notes it on the context (or `madeFrom`, what makes that text again):
 * the one way JSON answers of recorded requests go (the product routes' ready text, and `c.json`
 * through {@link jsonThroughAnswer}), so the request inspector keeps what was sent without reading
 * the response back.
 */
export function answerJson(
  c: Context,
  text: string,
  status?: Status,
  headers: Headers = JSON_TYPE,
  madeFrom?: JsonSource,
): Response {
  c.set(ANSWERED_JSON, madeFrom ?? text)
  return c.body(text, status as never, headers)
}

/** The JSON answer's text or its source, when the request was answered through {@link answerJson}. */
export const answeredJsonOf = (c: Context): string | JsonSource | undefined => c.get(ANSWERED_JSON)

/**
 * hono's `c.json` (the same bytes and headers) through {@link answerJson}. One function shared by
 * every request: a recorded request's `c.json` is pointed at it, which allocates nothing.
 */
export function jsonThroughAnswer(this: Context, value: unknown, status?: Status, headers?: Headers): Response {
  return answerJson(
    this,
    JSON.stringify(value),
    status,
    headers === undefined ? JSON_TYPE : { ...JSON_TYPE, ...headers },
  )
}
