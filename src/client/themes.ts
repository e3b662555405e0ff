import type { z } from 'zod'
import { ThemeListSchema, ThemeSchema, type UpdateThemeBodySchema } from '../spec/themes.js'
import { segment, type Http } from './http.js'

/** `/themes` (spec, "Endpoints: Themes"): list, read, update; the theme id is typically `default`. */
export function themes(http: Http) {
  return {
    /** `{ activeThemeId, themes }` for the shop. */
    list: () => http.request('GET', '/themes', { schema: ThemeListSchema }),
    get: (id: string) => http.request('GET', `/themes/${segment(id)}`, { schema: ThemeSchema }),
    /** `config` and/or `files` (`theme.json` object, `custom.css` string); the server normalises config. */
    update: (id: string, body: z.input<typeof UpdateThemeBodySchema>) =>
      http.request('PUT', `/themes/${segment(id)}`, { body, schema: ThemeSchema }),
  }
}
export type ThemesClient = ReturnType<typeof themes>
