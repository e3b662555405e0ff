import { NoQuerySchema } from '../../common.js'
import { ThemeListSchema, ThemeSchema, UpdateThemeBodySchema } from '../../themes.js'
import { answer, area } from '../operation.js'

const THEME_ID = { themeId: 'The theme id, typically `default`.' }

/** `/themes` (spec, "Endpoints: Themes"): list, read, update. */
export const THEME_OPERATIONS = area('themes', {
  listThemes: {
    method: 'get',
    path: '/themes',
    summary: 'List themes',
    description: 'The themes of the selected shop and which one is active.',
    query: NoQuerySchema,
    ok: answer(200, '`{ activeThemeId, themes: [...] }`', ThemeListSchema),
  },
  getTheme: {
    method: 'get',
    path: '/themes/{themeId}',
    summary: 'Read a theme',
    description: 'The full bundle: summary fields, `config` and `files` (`theme.json` and `custom.css` as text).',
    params: THEME_ID,
    ok: answer(200, 'The theme.', ThemeSchema),
  },
  updateTheme: {
    method: 'put',
    path: '/themes/{themeId}',
    summary: 'Update a theme',
    description:
      'Send `config` (normalised server-side: merged over the defaults section by section, unknown keys kept) and/or `files` (a partial object: `theme.json` object, `custom.css` string). Emulator: neither answers 400 `config: send config and/or files`; sent together, `files["theme.json"]` is read first and `config` merged over it.',
    params: THEME_ID,
    body: UpdateThemeBodySchema,
    ok: answer(200, 'The updated theme, same shape as the GET.', ThemeSchema),
  },
})
