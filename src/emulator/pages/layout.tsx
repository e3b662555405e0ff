import type { Context } from 'hono'
import type { Child, FC, PropsWithChildren } from 'hono/jsx'

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

/** Renders a page (a component's result) as a full HTML document with the page headers. */
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
      <meta name="referrer" content="no-referrer" />
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

export interface NavItem {
  href: string
  label: string
  current?: boolean
}

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

/** A table that scrolls sideways on a phone instead of overflowing the page. */
export const Table: FC<PropsWithChildren<{ caption?: string; head: Child[] }>> = ({ caption, head, children }) => (
  <div class="table-wrap">
    <table>
      {caption ? <caption class="skip">{caption}</caption> : null}
      <thead>
        <tr>
          {head.map((h) => (
            <th scope="col">{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  </div>
)

export const Badge: FC<{ tone?: 'ok' | 'bad' | 'warn'; children: Child }> = ({ tone, children }) => (
  <span class={tone ? `badge ${tone}` : 'badge'}>{children}</span>
)

/** A live region where the pages' scripts report the outcome of an action. */
export const Notice: FC<{ id: string }> = ({ id }) => (
  <div id={id} class="notice" role="status" aria-live="polite"></div>
)

/** The published cells of one mystery outcome (name, weight, chance, stock), the same on every page. */
export const OddsCells: FC<{ outcome: { name: string; weight: number; chance: number; stock: number | null } }> = ({
  outcome,
}) => (
  <>
    <td>{outcome.name}</td>
    <td class="num">{outcome.weight}</td>
    <td class="num">{outcome.chance.toFixed(2)} %</td>
    <td class="num">{outcome.stock === null ? '∞' : outcome.stock}</td>
  </>
)
