import type { Theme, ThemeList, UpdateThemeInput } from '../contract/themes.js'
import type { CallOptions, Http } from './http.js'

export interface ThemesClient {
  /** `{ activeThemeId, themes }` for the shop. */
  list(options?: CallOptions): Promise<ThemeList>
  /** The theme id is typically `default`. */
  get(id: string, options?: CallOptions): Promise<Theme>
  /** `config` and/or `files` (`theme.json` object, `custom.css` string); the server normalises config. */
  update(id: string, body: UpdateThemeInput, options?: CallOptions): Promise<Theme>
}

/** `/themes` (spec, "Endpoints: Themes"): list, read, update. */
export function themes(http: Http): ThemesClient {
  return {
    list: (options = {}) => http.call('listThemes', options),
    get: (themeId, options = {}) => http.call('getTheme', { ...options, params: { themeId } }),
    update: (themeId, body, options = {}) => http.call('updateTheme', { ...options, params: { themeId }, body }),
  }
}
