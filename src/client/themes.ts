import type { Theme, ThemeList, UpdateThemeInput } from '../contract/themes.js'
import { segment, type CallOptions, type Http } from './http.js'

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
    list: (options = {}) => http.request('GET', '/themes', { ...options, schema: 'ThemeList' }),
    get: (id, options = {}) => http.request('GET', `/themes/${segment(id)}`, { ...options, schema: 'Theme' }),
    update: (id, body, options = {}) =>
      http.request('PUT', `/themes/${segment(id)}`, { ...options, body, schema: 'Theme' }),
  }
}
