import type { Context } from 'hono'

/**
 * The JSON text of each row as the API shows it, kept for as long as the row lives. Rows are
 * never changed in place (a change stores a new object), so a row's text cannot go stale, and it
 * goes with the row. A page of products is then a join of texts, not a copy and a stringify of
 * every row on every request. One cache per app: built by the route factory, never shared.
 */
export function rowJson<R extends object>(present: (row: R) => unknown): (row: R) => string {
  const texts = new WeakMap<R, string>()
  return (row) => {
    let text = texts.get(row)
    if (text === undefined) texts.set(row, (text = JSON.stringify(present(row))))
    return text
  }
}

const JSON_TYPE = { 'Content-Type': 'application/json' }

/** JSON text as the answer, with the headers `c.json` gives. */
export function jsonText(c: Context, text: string, status: 200 | 201 = 200) {
  return c.body(text, status, JSON_TYPE)
}

/** `{"<name>":[rows…],"nextCursor":…}`: the same bytes as `JSON.stringify` of that object. */
export function pageText(name: string, rows: readonly string[], nextCursor: string | null): string {
  return `{${JSON.stringify(name)}:[${rows.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`
}
