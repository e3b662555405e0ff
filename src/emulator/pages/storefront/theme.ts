// The active theme as the storefront pages render it (docs/emulator.md, "Themes"): colours and columns as a
// stylesheet of the shop's own (`/storefront/:shop/theme.css`, so the pages' CSP needs no inline
// style), then the theme's `custom.css`; the announcement bar and footer text as escaped page text.
// A config value the pages cannot use safely (a colour that is not a colour, columns out of range)
// is skipped, and the page keeps its own style for it.

type Json = Record<string, unknown>

/** What the storefront shell shows of a theme. */
export interface ThemeView {
  /** Bumps the stylesheet's URL when the theme changes. */
  version: string
  showSearch: boolean
  announcement: string | null
  footer: string | null
}

const MAX_COLUMNS = 6
/** `#rgb`, `#rrggbb` (with alpha), `rgb()`/`hsl()` of numbers, or a colour keyword: nothing that can end a declaration. */
const COLOUR = /^(?:#[0-9a-f]{3,8}|(?:rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\)|[a-z]{3,20})$/i

const section = (config: Json, key: string): Json => {
  const value = config[key]
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
}

const text = (value: unknown, max = 300): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null

function colour(value: unknown): string | null {
  return typeof value === 'string' && COLOUR.test(value.trim()) ? value.trim() : null
}

function columns(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_COLUMNS ? value : null
}

export function themeView(theme: { config: Json; updatedAt: string }): ThemeView {
  const layout = section(theme.config, 'layout')
  const components = section(theme.config, 'components')
  const bar = section(components, 'announcementBar')
  return {
    version: theme.updatedAt,
    showSearch: layout.showSearch !== false,
    announcement: bar.enabled === true ? text(bar.text) : null,
    footer: text(section(components, 'footer').text),
  }
}

/** The theme's stylesheet: its colours and columns over the pages' own, then `custom.css` as the merchant wrote it. */
export function themeCss(theme: { config: Json; css: string }): string {
  const colors = section(theme.config, 'colors')
  const vars = (
    [
      ['--accent', colors.primary],
      ['--bg', colors.background],
      ['--text', colors.text],
      ['--theme-accent', colors.accent],
    ] as const
  ).flatMap(([name, value]) => {
    const safe = colour(value)
    return safe ? [`${name}: ${safe};`] : []
  })
  const count = columns(section(theme.config, 'layout').productColumns)
  const rules = [
    vars.length ? `:root { ${vars.join(' ')} }` : '',
    count
      ? `@media (min-width: 701px) { .grid.products { grid-template-columns: repeat(${Math.min(count, 2)}, minmax(0, 1fr)); } }\n` +
        `@media (min-width: 1001px) { .grid.products { grid-template-columns: repeat(${count}, minmax(0, 1fr)); } }`
      : '',
  ]
  return `${rules.filter(Boolean).join('\n')}\n/* custom.css */\n${theme.css}\n`
}
