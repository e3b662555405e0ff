import type { Context } from 'hono'
import type { Child, FC, PropsWithChildren } from 'hono/jsx'
import * as z from 'zod'

/** Where the pages' own static files live (public: the login page needs them too). */
export const ASSETS = '/_assets'

/**
 * Headers of every HTML page: scripts and styles only from this origin (no inline script, so an
 * escaping slip still cannot run), no framing, and no Referer — invoice URLs are bearer links.
 */
export const PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: http: data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
}

export async function renderPage(c: Context, node: unknown, status: number = 200): Promise<Response> {
  const body = String(await node)
  return c.html(`<!DOCTYPE html>${body}`, status as 200, PAGE_HEADERS)
}

interface DocumentProps {
  title: string
  scripts?: string[]
  /** Stylesheets after the pages' own (same origin, by path). */
  styles?: string[]
  bodyAttrs?: Record<string, string>
}

export const Document: FC<PropsWithChildren<DocumentProps>> = ({
  title,
  scripts = [],
  styles = [],
  bodyAttrs = {},
  children,
}) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <link rel="icon" href="data:," />
      <title>{title}</title>
      <link rel="stylesheet" href={`${ASSETS}/pages.css`} />
      {styles.map((href) => (
        <link rel="stylesheet" href={href} />
      ))}
      {scripts.map((src) => (
        <script src={`${ASSETS}/${src}`} defer></script>
      ))}
    </head>
    <body {...bodyAttrs}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      {children}
    </body>
  </html>
)

type NavItem = { href: string; label: string; current?: boolean }

export const TopBar: FC<PropsWithChildren<{ brand: string; brandHref: string; nav: NavItem[]; label: string }>> = ({
  brand,
  brandHref,
  nav,
  label,
  children,
}) => (
  <header class="topbar">
    <div class="inner">
      <a class="brand" href={brandHref}>
        {brand}
      </a>
      {children}
      <nav aria-label={label}>
        {nav.map((item) => (
          <a href={item.href} aria-current={item.current ? 'page' : undefined}>
            {item.label}
          </a>
        ))}
      </nav>
    </div>
  </header>
)

export type Column<T> = [Child, (row: T) => Child, string?]

/** A table that scrolls sideways on a phone instead of overflowing the page. */
export function Table<T>(props: {
  caption: string
  columns: Column<T>[]
  rows: T[]
  rowAttrs?: (row: T) => Record<string, string>
  empty?: Child
}) {
  if (props.rows.length === 0 && props.empty) return <p>{props.empty}</p>
  return (
    <div class="table-wrap">
      <table>
        <caption class="skip">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map(([head]) => (
              <th scope="col">{head}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr {...props.rowAttrs?.(row)}>
              {props.columns.map(([, cell, cls]) => (
                <td class={cls}>{cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

type Tone = 'ok' | 'bad' | 'warn'

export const Badge: FC<{ tone?: Tone; children: Child }> = ({ tone, children }) => (
  <span class={tone ? `badge ${tone}` : 'badge'}>{children}</span>
)

const GOOD = new Set(['paid', 'completed', 'delivered', 'none', 'live', 'active', 'answered'])
const BAD = new Set(['disputed', 'refunded', 'cancelled', 'undelivered', 'failed', 'archived', 'no answer'])

/** A badge of a state (a status word, or an HTTP status): green when good, red when bad, amber while waiting. */
export const StateBadge: FC<{ state: string | number }> = ({ state }) => {
  const good = typeof state === 'number' ? state < 300 : GOOD.has(state.toLowerCase())
  const bad = typeof state === 'number' ? state >= 400 : BAD.has(state.toLowerCase())
  return <Badge tone={good ? 'ok' : bad ? 'bad' : 'warn'}>{String(state).replace('_', ' ')}</Badge>
}

export const Panel: FC<PropsWithChildren<{ id: string; title: string }>> = ({ id, title, children }) => (
  <section class="panel" aria-labelledby={`${id}-h`}>
    <h2 id={`${id}-h`}>{title}</h2>
    {children}
  </section>
)

/** A definition list of `[term, value]` rows; a row whose value is null, undefined or false is left out. */
export const Facts: FC<{ rows: [Child, Child][]; class?: string }> = ({ rows, class: more }) => (
  <dl class={more ? `kv ${more}` : 'kv'}>
    {rows.map(([term, value]) =>
      value === null || value === undefined || value === false ? null : (
        <>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </>
      ),
    )}
  </dl>
)

type Attributes = Record<string, unknown>

/** A form src/browser/pages.ts sends as JSON to `api`; its `data-` attributes say what to do with the answer. */
export const ApiForm: FC<PropsWithChildren<{ api: string; submit: string } & Attributes>> = ({
  api,
  submit,
  notice,
  children,
  ...attributes
}) => (
  <form data-api={api} {...attributes}>
    {children}
    <div class="actions">
      <button type="submit">{submit}</button>
    </div>
    <Notice id={notice as string | undefined} />
  </form>
)

/** A search box of `noun` (plural) sending `?q=` to `action`, with any hidden fields as `children`. */
export const SearchForm: FC<PropsWithChildren<{ action: string; id: string; noun: string; value: string }>> = ({
  action,
  id,
  noun,
  value,
  children,
}) => (
  <form method="get" action={action} class="search" aria-label={`Search ${noun}`}>
    {children}
    <label for={id} class="skip">
      Search {noun}
    </label>
    <input id={id} name="q" type="search" value={value} placeholder={`Search ${noun}`} />
    <button type="submit" class="secondary">
      Search
    </button>
  </form>
)

export const Input: FC<{ id: string; label: Child } & Attributes> = ({ id, label, ...attributes }) => (
  <>
    <label for={id}>{label}</label>
    <input id={id} type="text" {...attributes} />
  </>
)

export const TextArea: FC<{ id: string; label: Child; text?: string } & Attributes> = ({
  id,
  label,
  text,
  ...attributes
}) => (
  <>
    <label for={id}>{label}</label>
    <textarea id={id} {...attributes}>
      {text ?? ''}
    </textarea>
  </>
)

export const Select: FC<
  { id: string; label: Child; choices: readonly (string | readonly [string, string])[]; chosen?: string } & Attributes
> = ({ id, label, choices, chosen, ...attributes }) => (
  <>
    <label for={id}>{label}</label>
    <select id={id} {...attributes}>
      {choices.map((choice) => {
        const [value, text] = typeof choice === 'string' ? [choice, choice] : choice
        return (
          <option value={value} selected={value === chosen}>
            {text}
          </option>
        )
      })}
    </select>
  </>
)

/** A labelled number input whose bounds are those of the schema the API checks the field with. */
export const NumberInput: FC<{ id: string; label: Child; schema: z.ZodType } & Attributes> = ({
  schema,
  ...attributes
}) => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
  const step = json.multipleOf ?? (json.type === 'integer' ? undefined : 'any')
  return <Input type="number" min={json.minimum} max={json.maximum} step={step} data-type="number" {...attributes} />
}

/** A button the pages' script sends to `api` (with its `data-method`, `data-body`, `data-confirm`…). */
export const ApiButton: FC<{ api: string; label: Child } & Attributes> = ({ api, label, ...attributes }) => (
  <button type="button" data-api={api} {...attributes}>
    {label}
  </button>
)

export const CopyButton: FC<{ target: string; label: string }> = ({ target, label }) => (
  <button type="button" class="secondary" data-copy={target}>
    {label}
  </button>
)

export const Notice: FC<{ id?: string }> = ({ id }) => (
  <div id={id} class="notice" role="status" aria-live="polite"></div>
)

type Odds = { name: string; weight: number; chance: number; stock: number | null }

/** The published columns of mystery outcomes, the same on every page; `won` marks one. */
export const oddsColumns = <T extends Odds>(won?: string): Column<T>[] => [
  [
    'Outcome',
    (o) =>
      o.name === won ? (
        <>
          {o.name} <Badge tone="ok">won</Badge>
        </>
      ) : (
        o.name
      ),
  ],
  ['Weight', (o) => o.weight, 'num'],
  ['Chance', (o) => `${o.chance.toFixed(2)} %`, 'num'],
  ['Stock', (o) => o.stock ?? '∞', 'num'],
]
