import { Hono } from 'hono'
import { NoQuerySchema } from '../../../spec/common.js'
import { UpdateThemeBodySchema } from '../../../spec/themes.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import type { Services } from '../../services/index.js'

export const themeRoutes = ({ themes }: Services) =>
  new Hono<AuthedEnv>()
    .get('/', (c) => {
      parseQuery(c, NoQuerySchema)
      return c.json(themes.list(c.var.shop))
    })
    .get('/:themeId', (c) => c.json(themes.get(c.var.shop, c.req.param('themeId'))))
    .put('/:themeId', async (c) => {
      const body = await readBody(c, UpdateThemeBodySchema)
      return c.json(await themes.update(c.var.shop, c.req.param('themeId'), body))
    })
