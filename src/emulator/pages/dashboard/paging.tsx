import type { Child } from 'hono/jsx'
import { type Column, SearchForm, Table } from '../layout.js'
import { type DashView, DASHBOARD, dashHref } from './shell.js'

const DASH_PAGE_SIZE = 50

export interface Paged<T> {
  rows: T[]
  page: number
  pages: number
  total: number
  search: string
}

/**
 * The page (`?page=`, from 1) of `items` that match the search (`?q=`) in any of the texts `fields` gives, any
 * case; anything that is not a page number reads as the first page.
 */
export function pageOf<T, R = T>(
  items: Iterable<T>,
  query: Record<string, string | undefined>,
  fields: (item: T) => readonly (string | null | undefined)[],
  present: (item: T) => R = (item) => item as unknown as R,
): Paged<R> {
  const search = (query.q ?? '').trim().slice(0, 200)
  const needle = search.toLowerCase()
  const matched: T[] = []
  for (const item of items)
    if (!needle || fields(item).some((f) => f?.toLowerCase().includes(needle))) matched.push(item)
  const pages = Math.max(1, Math.ceil(matched.length / DASH_PAGE_SIZE))
  const asked = Math.floor(Number(query.page ?? 1))
  const shown = Number.isFinite(asked) && asked >= 1 ? Math.min(asked, pages) : 1
  const rows = matched.slice((shown - 1) * DASH_PAGE_SIZE, shown * DASH_PAGE_SIZE).map(present)
  return { rows, page: shown, pages, total: matched.length, search }
}

/** A dashboard list: its search box (`noun` is plural, as `orders`), "page N of M", then one page of rows. */
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
        <SearchForm action={`${DASHBOARD}${path}`} id="list-q" noun={noun} value={paged.search}>
          <input type="hidden" name="shop" value={view.shop.slug} />
        </SearchForm>
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
