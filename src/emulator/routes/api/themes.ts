import { Hono } from 'hono'
import { NoQuerySchema } from '../../../spec/common.js'
import { UpdateThemeBodySchema } from '../../../spec/themes.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { presentTheme, presentThemeSummary } from '../../present/themes.js'
import type { Services } from '../../services/index.js'

export const themeRoutes = ({ themes }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      const { activeThemeId, themes: list } = themes.list(c.var.shop)
      return c.json({ activeThemeId, themes: list.map((theme) => presentThemeSummary(c.var.shop, theme)) })
    })
    .get('/:themeId', (c) => c.json(presentTheme(c.var.shop, themes.get(c.var.shop, c.req.param('themeId')))))
    .put('/:themeId', async (c) => {
      const body = await readBody(c, UpdateThemeBodySchema)
      return c.json(presentTheme(c.var.shop, await themes.update(c.var.shop, c.req.param('themeId'), body)))
    })
