import type { Emulator } from '../context.js'
import type { ShopRecord, ThemeRecord } from './records.js'

export const DEFAULT_THEME_CONFIG = {
  colors: { primary: '#4f46e5', background: '#ffffff', text: '#111827', accent: '#f59e0b' },
  layout: { productColumns: 3, showSearch: true, header: 'standard' },
  components: { announcementBar: { enabled: false, text: '' }, footer: { text: '' } },
} as const

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * Theme config as stored: the given config merged over the defaults, section by section, so
 * every theme always holds colors, layout and components (README, "Themes").
 */
export function normaliseThemeConfig(input: Json, base: Json = DEFAULT_THEME_CONFIG as unknown as Json): Json {
  const out: Json = {}
  for (const key of new Set([...Object.keys(base), ...Object.keys(input)])) {
    const given = input[key]
    const fallback = base[key]
    out[key] = isObject(fallback) && isObject(given) ? normaliseThemeConfig(given, fallback) : given === undefined ? fallback : given
  }
  return out
}

export function defaultTheme(emu: Emulator, shop: ShopRecord): ThemeRecord {
  const now = emu.nowIso()
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
