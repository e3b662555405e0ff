import type { UpdateThemeBody } from '../../../contract/themes.js'
import type { ShopRecord, ThemeRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { activeThemeId, applyThemeUpdate, findTheme, listThemes } from './rules.js'

/** The shop's storefront themes (`/api/v1/themes`): the default one for every shop, its config and stylesheet. */
export class ThemeService {
  constructor(private readonly deps: ServiceDeps) {}

  list(shop: ShopRecord): { activeThemeId: string; themes: ThemeRecord[] } {
    const themes = listThemes(this.deps, shop)
    return { activeThemeId: activeThemeId(themes), themes }
  }

  /** The theme the storefront renders: the active one (the default theme when none is marked active). */
  active(shop: ShopRecord): ThemeRecord {
    const themes = listThemes(this.deps, shop)
    return themes.find((t) => t.isActive) ?? findTheme(this.deps, shop, 'default')
  }

  get(shop: ShopRecord, themeId: string): ThemeRecord {
    return findTheme(this.deps, shop, themeId)
  }

  update(shop: ShopRecord, themeId: string, body: UpdateThemeBody): Promise<ThemeRecord> {
    return this.deps.transact((tx) =>
      tx.put('themes', applyThemeUpdate(this.deps, findTheme(this.deps, shop, themeId), body)),
    )
  }
}
