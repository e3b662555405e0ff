import { NoQuerySchema } from '../../../contract/common.js'
import { ThemeListSchema, ThemeSchema, UpdateThemeBodySchema } from '../../../contract/themes.js'
import { json } from '../../openapi/operations.js'
import { presentTheme, presentThemeSummary } from '../../services/themes/present.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

const THEME_ID = { themeId: 'The theme id, typically `default`.' }

export const themeRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/themes',
      operationId: 'listThemes',
      summary: 'List themes',
      description: 'The themes of the selected shop and which one is active.',
      tag: 'themes',
      query: NoQuerySchema,
      ok: { status: 200, description: '`{ activeThemeId, themes: [...] }`', content: json(ThemeListSchema) },
    },
    (c, { services }) => {
      const { activeThemeId, themes } = services.themes.list(c.get('shop'))
      return answerJson(c, { activeThemeId, themes: themes.map((theme) => presentThemeSummary(c.get('shop'), theme)) })
    },
  ),
  authedRoute(
    {
      method: 'get',
      path: '/themes/{themeId}',
      operationId: 'getTheme',
      summary: 'Read a theme',
      description: 'The full bundle: summary fields, `config` and `files` (`theme.json` and `custom.css` as text).',
      tag: 'themes',
      params: THEME_ID,
      ok: { status: 200, description: 'The theme.', content: json(ThemeSchema) },
    },
    (c, { services, params }) =>
      answerJson(c, presentTheme(c.get('shop'), services.themes.get(c.get('shop'), params.themeId))),
  ),
  authedRoute(
    {
      method: 'put',
      path: '/themes/{themeId}',
      operationId: 'updateTheme',
      summary: 'Update a theme',
      description:
        'Send `config` (normalised server-side: merged over the defaults section by section, unknown keys kept) and/or `files` (a partial object: `theme.json` object, `custom.css` string). Emulator: neither answers 400 `config: send config and/or files`; sent together, `files["theme.json"]` is read first and `config` merged over it.',
      tag: 'themes',
      params: THEME_ID,
      body: UpdateThemeBodySchema,
      ok: { status: 200, description: 'The updated theme, same shape as the GET.', content: json(ThemeSchema) },
    },
    async (c, { services, params, body }) =>
      answerJson(
        c,
        presentTheme(c.get('shop'), await services.themes.update(c.get('shop'), params.themeId, await body())),
      ),
  ),
]
