import type { UpdateThemeBody } from '../../../contract/themes.js'
import type { ShopRecord, ThemeRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'

export const DEFAULT_THEME_CONFIG = {
  colors: { primary: '#4f46e5', background: '#ffffff', text: '#111827', accent: '#f59e0b' },
  layout: { productColumns: 3, showSearch: true, header: 'standard' },
  components: { announcementBar: { enabled: false, text: '' }, footer: { text: '' } },
} as const

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * Theme config as stored: the given config merged over the defaults, section by section, so
 * every theme always holds colors, layout and components (docs/emulator.md, "Themes").
 */
function normaliseThemeConfig(input: Json, base: Json = DEFAULT_THEME_CONFIG): Json {
  const out: Json = {}
  for (const key of new Set([...Object.keys(base), ...Object.keys(input)])) {
    const given = input[key]
    const fallback = base[key]
    out[key] =
      isObject(fallback) && isObject(given)
        ? normaliseThemeConfig(given, fallback)
        : given === undefined
          ? fallback
          : given
  }
  return out
}

export function defaultTheme(deps: ServiceDeps, shop: ShopRecord): ThemeRecord {
  const now = deps.nowIso(shop)
  return {
    id: 'default',
    shopId: shop.id,
    name: 'Default',
    owner: 'service',
    version: '1.0.0',
    isActive: true,
    config: normaliseThemeConfig({}),
    css: '',
    createdAt: now,
    updatedAt: now,
  }
}

/**
 * PUT /themes/:themeId (spec: "config and/or files"). `config` and `files['theme.json']` are both
 * the whole config, normalised over the defaults; sent together, `theme.json` is read first and
 * `config` merged over it section by section, so `config` wins where both set a field.
 * `files['custom.css']` replaces the stylesheet. Anything not sent is kept (docs/emulator.md, "Themes").
 */
export function applyThemeUpdate(deps: ServiceDeps, theme: ThemeRecord, body: UpdateThemeBody): ThemeRecord {
  const fileConfig = body.files?.['theme.json']
  const config =
    fileConfig === undefined && body.config === undefined
      ? theme.config
      : normaliseThemeConfig(body.config ?? {}, normaliseThemeConfig(fileConfig ?? {}))
  const css = body.files?.['custom.css']
  return { ...theme, config, css: css === undefined ? theme.css : css, updatedAt: deps.nowIso(theme) }
}
