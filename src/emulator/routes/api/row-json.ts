import type { Context } from 'hono'
import { answerJson, type JsonSource } from '../../inspector/answer.js'

/**
 * The JSON text of each row as the API shows it, kept for as long as the row lives. Rows are
 * never changed in place (a change stores a new object), so a row's text cannot go stale, and it
 * goes with the row. What the text shows besides the row (`extraOf`: a product's stock follows
 * its code pool, kept in other rows) is kept with it and compared on every read. A page of
 * products is then a join of texts, not a copy and a stringify of every row on every request.
 * One cache per app: built by the route factory, never shared.
 */
export function rowJson<R extends object, X>(
  present: (row: R, extra: X) => unknown,
  extraOf: (row: R) => X,
): (row: R) => string {
  const texts = new WeakMap<R, { extra: X; text: string }>()
  return (row) => {
    const extra = extraOf(row)
    const kept = texts.get(row)
    if (kept !== undefined && kept.extra === extra) return kept.text
    const text = JSON.stringify(present(row, extra))
    texts.set(row, { extra, text })
    return text
  }
}

/** JSON text as the answer, with the headers `c.json` gives. */
export function jsonText(c: Context, text: string, status: 200 | 201 = 200) {
  return answerJson(c, text, status)
}

/** `{"<name>":[rows…],"nextCursor":…}`: the same bytes as `JSON.stringify` of that object. */
class JsonPage implements JsonSource {
  constructor(
    private readonly name: string,
    private readonly rows: readonly string[],
    private readonly nextCursor: string | null,
  ) {}

  text(): string {
    return `{${JSON.stringify(this.name)}:[${this.rows.join(',')}],"nextCursor":${JSON.stringify(this.nextCursor)}}`
  }
}

/**
 * A page of rows' texts as the answer. The request inspector keeps the page (the rows' texts live
 * with their rows anyway) rather than a copy of its long text, and makes the text again when read.
 */
export function jsonPage(c: Context, name: string, rows: readonly string[], nextCursor: string | null) {
  const page = new JsonPage(name, rows, nextCursor)
  return answerJson(c, page.text(), 200, undefined, page)
}
