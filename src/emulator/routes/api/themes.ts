import { presentTheme, presentThemeSummary } from '../../services/themes/present.js'
import { authedHandlers } from '../route.js'

export const themeHandlers = authedHandlers({
  listThemes: (c, { services }) => {
    const { activeThemeId, themes } = services.themes.list(c.get('shop'))
    return {
      status: 200,
      body: { activeThemeId, themes: themes.map((theme) => presentThemeSummary(c.get('shop'), theme)) },
    }
  },
  getTheme: (c, { services, params }) => ({
    status: 200,
    body: presentTheme(c.get('shop'), services.themes.get(c.get('shop'), params.themeId)),
  }),
  updateTheme: async (c, { services, params, body }) => ({
    status: 200,
    body: presentTheme(c.get('shop'), await services.themes.update(c.get('shop'), params.themeId, await body())),
  }),
})
