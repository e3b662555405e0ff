import type { Child, FC } from 'hono/jsx'
import { type Column, Table } from '../layout.js'
import { type DashView, DASHBOARD, dashHref } from './shell.js'

/** Rows a dashboard list shows at once. */
export const DASH_PAGE_SIZE = 50

/** What a dashboard list was asked for: `?page=` (from 1) and `?q=`. */
export interface ListQuery {
  page: number
  search: string
}

/** One page of a list: its rows, which page of how many, and how many rows matched. */
export interface Paged<T> extends ListQuery {
  rows: T[]
  pages: number
  total: number
}

/** `?page=` and `?q=` of a dashboard list; anything that is not a page number reads as the first page. */
export function listQuery(query: Record<string, string | undefined>): ListQuery {
  const page = Math.floor(Number(query.page ?? 1))
  return { page: Number.isFinite(page) && page >= 1 ? page : 1, search: (query.q ?? '').trim().slice(0, 200) }
}

/**
 * The rows of `items` that match the search (any case, in any of the texts `fields` gives), one
 * page of them; a page past the last shows the last.
 */
export function pageOf<T>(
  items: Iterable<T>,
  { page, search }: ListQuery,
  fields: (item: T) => readonly (string | null | undefined)[],
  size = DASH_PAGE_SIZE,
): Paged<T> {
  const needle = search.toLowerCase()
  const matched: T[] = []
  for (const item of items)
    if (!needle || fields(item).some((f) => f?.toLowerCase().includes(needle))) matched.push(item)
  const pages = Math.max(1, Math.ceil(matched.length / size))
  const shown = Math.min(page, pages)
  return {
    rows: matched.slice((shown - 1) * size, shown * size),
    page: shown,
    pages,
    total: matched.length,
    search,
  }
}

/** A list's search box (`noun` is plural, as `orders`) and "page N of M" with links to the pages beside it. */
export const ListControls: FC<{ view: DashView; path: string; paged: Paged<unknown>; noun: string }> = ({
  view,
  path,
  paged,
  noun,
}) => {
  const href = (page: number) =>
    dashHref(
      view,
      `${path}?${new URLSearchParams({ ...(paged.search ? { q: paged.search } : {}), page: String(page) })}`,
    )
  return (
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
  )
}

/** A dashboard list: its controls, then one page of its rows as a table, or what to say when there are none. */
export function List<T>(props: {
  view: DashView
  path: string
  paged: Paged<T>
  noun: string
  empty: Child
  columns: Column<T>[]
  rowAttrs?: (row: T) => Record<string, string>
}) {
  const { paged, noun } = props
  return (
    <>
      <ListControls view={props.view} path={props.path} paged={paged} noun={noun} />
      {paged.rows.length ? (
        <Table caption={noun} columns={props.columns} rows={paged.rows} rowAttrs={props.rowAttrs} />
      ) : (
        <p>{paged.search ? `No ${noun.replace(/s$/, '')} matches “${paged.search}”.` : props.empty}</p>
      )}
    </>
  )
}
