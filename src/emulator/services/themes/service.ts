import { notFound } from '../../../contract/errors.js'
import type { ShopRecord, ThemeRecord } from '../../../contract/rows.js'
import type { UpdateThemeBody } from '../../../contract/themes.js'
import type { ServiceDeps } from '../common/deps.js'
import { applyThemeUpdate } from './rules.js'

/** The shop's storefront themes (`/api/v1/themes`): the default one for every shop, its config and stylesheet. */
export class ThemeService {
  constructor(private readonly deps: ServiceDeps) {}

  /** The active theme's id is `default` when none is marked active. */
  list(shop: ShopRecord): { activeThemeId: string; themes: ThemeRecord[] } {
    const themes = [...this.deps.collections.themes.oldestFirst('shop', shop.id)]
    return { activeThemeId: themes.find((t) => t.isActive)?.id ?? 'default', themes }
  }

  /** The theme the storefront renders: the active one. */
  active(shop: ShopRecord): ThemeRecord {
    return this.get(shop, this.list(shop).activeThemeId)
  }

  /** A theme of the shop by id (`default` for every shop); 404 otherwise. */
  get(shop: ShopRecord, themeId: string): ThemeRecord {
    const theme = this.deps.collections.themes.get(`${shop.id}:${themeId}`)
    if (!theme) throw notFound('theme', themeId)
    return theme
  }

  update(shop: ShopRecord, themeId: string, body: UpdateThemeBody): Promise<ThemeRecord> {
    return this.deps.transact((tx) => tx.put('themes', applyThemeUpdate(this.deps, this.get(shop, themeId), body)))
  }
}
