// The active theme as the storefront pages render it (docs/emulator.md, "Themes"): a stylesheet of
// the shop's own, so the pages' CSP needs no inline style. A config value the pages cannot use safely
// is skipped, and the page keeps its own style for it.
import * as z from 'zod'

/** What the storefront shell shows of a theme. */
export interface ThemeView {
  /** Bumps the stylesheet's URL when the theme changes. */
  version: string
  showSearch: boolean
  announcement: string | null
  footer: string | null
}

/** `#rgb`, `#rrggbb` (with alpha), `rgb()`/`hsl()` of numbers, or a colour keyword: nothing that can end a declaration. */
const COLOUR = /^(?:#[0-9a-f]{3,8}|(?:rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\)|[a-z]{3,20})$/i

/** A part of the config the pages read, or nothing when it is unusable. */
const usable = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)
const Colour = usable(z.string().trim().regex(COLOUR))
const Text = usable(z.string().trim().min(1))
const section = <T extends z.ZodRawShape>(shape: T) => usable(z.object(shape))

const ThemeConfigSchema = z.object({
  colors: section({ primary: Colour, background: Colour, text: Colour, accent: Colour }),
  layout: section({ showSearch: z.unknown(), productColumns: usable(z.int().min(1).max(6)) }),
  components: section({
    announcementBar: section({ enabled: z.unknown(), text: Text }),
    footer: section({ text: Text }),
  }),
})

export function themeView(theme: { config: Record<string, unknown>; updatedAt: string }): ThemeView {
  const { layout, components } = ThemeConfigSchema.parse(theme.config)
  const bar = components?.announcementBar
  return {
    version: theme.updatedAt,
    showSearch: layout?.showSearch !== false,
    announcement: bar?.enabled === true ? (bar.text?.slice(0, 300) ?? null) : null,
    footer: components?.footer?.text?.slice(0, 300) ?? null,
  }
}

/** The theme's stylesheet: its colours and columns over the pages' own, then `custom.css` as the merchant wrote it. */
export function themeCss(theme: { config: Record<string, unknown>; css: string }): string {
  const { colors, layout } = ThemeConfigSchema.parse(theme.config)
  const vars = Object.entries({
    '--accent': colors?.primary,
    '--bg': colors?.background,
    '--text': colors?.text,
    '--theme-accent': colors?.accent,
  }).flatMap(([name, value]) => (value ? [`${name}: ${value};`] : []))
  const count = layout?.productColumns
  const rules = [
    vars.length ? `:root { ${vars.join(' ')} }` : '',
    count
      ? `@media (min-width: 701px) { .grid.products { grid-template-columns: repeat(${Math.min(count, 2)}, minmax(0, 1fr)); } }\n` +
        `@media (min-width: 1001px) { .grid.products { grid-template-columns: repeat(${count}, minmax(0, 1fr)); } }`
      : '',
  ]
  return `${rules.filter(Boolean).join('\n')}\n/* custom.css */\n${theme.css}\n`
}
