import type { Child } from 'hono/jsx'
import { type Column, Table } from '../layout.js'
import { type DashView, DASHBOARD, dashHref } from './shell.js'

/** Rows a dashboard list shows at once. */
const DASH_PAGE_SIZE = 50

/** One page of a list: its rows, which page of how many, how many rows matched the search. */
export interface Paged<T> {
  rows: T[]
  page: number
  pages: number
  total: number
  search: string
}

/** `?page=` (from 1) and `?q=` of a dashboard list; anything that is not a page number reads as the first page. */
function listQuery(query: Record<string, string | undefined>) {
  const page = Math.floor(Number(query.page ?? 1))
  return { page: Number.isFinite(page) && page >= 1 ? page : 1, search: (query.q ?? '').trim().slice(0, 200) }
}

/**
 * The rows of `items` that match the search of `query` (any case, in any of the texts `fields`
 * gives), one page of them as `present` shows them; a page past the last shows the last.
 */
export function pageOf<T, R = T>(
  items: Iterable<T>,
  query: Record<string, string | undefined>,
  fields: (item: T) => readonly (string | null | undefined)[],
  present: (item: T) => R = (item) => item as unknown as R,
): Paged<R> {
  const { page, search } = listQuery(query)
  const needle = search.toLowerCase()
  const matched: T[] = []
  for (const item of items)
    if (!needle || fields(item).some((f) => f?.toLowerCase().includes(needle))) matched.push(item)
  const pages = Math.max(1, Math.ceil(matched.length / DASH_PAGE_SIZE))
  const shown = Math.min(page, pages)
  const rows = matched.slice((shown - 1) * DASH_PAGE_SIZE, shown * DASH_PAGE_SIZE).map(present)
  return { rows, page: shown, pages, total: matched.length, search }
}

/**
 * A dashboard list: its search box (`noun` is plural, as `orders`), "page N of M" with links to the
 * pages beside it, then one page of its rows as a table, or what to say when there are none.
 */
export function List<T>(props: {
  view: DashView
  path: string
  paged: Paged<T>
  noun: string
  empty: Child
  columns: Column<T>[]
  rowAttrs?: (row: T) => Record<string, string>
}) {
  const { view, path, paged, noun } = props
  const href = (page: number) =>
    dashHref(
      view,
      `${path}?${new URLSearchParams({ ...(paged.search ? { q: paged.search } : {}), page: String(page) })}`,
    )
  return (
    <>
      <div class="pager" data-pager="">
        <form method="get" action={`${DASHBOARD}${path}`} class="search" aria-label={`Search ${noun}`}>
          <input type="hidden" name="shop" value={view.shop.slug} />
          <label for="list-q" class="skip">
            Search {noun}
          </label>
          <input id="list-q" name="q" type="search" value={paged.search} placeholder={`Search ${noun}`} />
          <button type="submit" class="secondary">
            Search
          </button>
        </form>
        <span data-page-of="">
          Page {paged.page} of {paged.pages} · {paged.total} {paged.total === 1 ? noun.replace(/s$/, '') : noun}
        </span>
        {paged.page > 1 ? (
          <a class="button secondary" href={href(paged.page - 1)} rel="prev">
            Previous
          </a>
        ) : null}
        {paged.page < paged.pages ? (
          <a class="button secondary" href={href(paged.page + 1)} rel="next">
            Next
          </a>
        ) : null}
      </div>
      <Table
        caption={noun}
        columns={props.columns}
        rows={paged.rows}
        rowAttrs={props.rowAttrs}
        empty={paged.search ? `No ${noun.replace(/s$/, '')} matches “${paged.search}”.` : props.empty}
      />
    </>
  )
}
