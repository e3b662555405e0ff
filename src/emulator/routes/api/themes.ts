import { Hono } from 'hono'
import { NoQuerySchema } from '../../../spec/common.js'
import { UpdateThemeBodySchema } from '../../../spec/themes.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { presentTheme, presentThemeSummary } from '../../present/themes.js'
import { activeThemeId, applyThemeUpdate, findTheme, listThemes } from '../../store/themes.js'

export const themeRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      const themes = listThemes(emu, c.var.shop)
      return c.json({
        activeThemeId: activeThemeId(themes),
        themes: themes.map((theme) => presentThemeSummary(c.var.shop, theme)),
      })
    })
    .get('/:themeId', (c) => c.json(presentTheme(c.var.shop, findTheme(emu, c.var.shop, c.req.param('themeId')))))
    .put('/:themeId', async (c) => {
      const body = await readBody(c, UpdateThemeBodySchema)
      const theme = await emu.store.tx((tx) =>
        tx.put('themes', applyThemeUpdate(emu, findTheme(emu, c.var.shop, c.req.param('themeId')), body)),
      )
      return c.json(presentTheme(c.var.shop, theme))
    })
