import { type Context, Hono } from 'hono'
import { StoreError } from '../../../contract/errors.js'
import { REQUEST_LOG_LIMIT, RequestLogQuerySchema } from '../../../contract/requests.js'
import type { RequestRecorder } from '../../inspector/recorder.js'
import { parseWith } from '../../middleware/validate.js'
import { renderPage } from '../../pages/layout.js'
import { REFERENCE_DOCUMENTS, ReferencePage, type ReferenceDocument } from '../../pages/dashboard/reference.js'
import { RequestDetailPage, RequestsPage } from '../../pages/dashboard/requests.js'
import type { DashView } from '../../pages/dashboard/shell.js'
import { swaggerUiAssetPath } from '../pages/inspector-assets.js'
import type { PageEnv } from './page-env.js'

/** The dashboard's Requests pages (the request inspector) and its API reference. */
export function inspectorPages(requests: RequestRecorder, viewOf: (c: Context<PageEnv>) => DashView): Hono<PageEnv> {
  const swaggerUi = swaggerUiAssetPath()
  return new Hono<PageEnv>()
    .get('/requests', (c) => {
      const { status, method, path } = c.req.query()
      const filter = parseWith(RequestLogQuerySchema, {
        ...(status ? { status } : {}),
        ...(method ? { method } : {}),
        ...(path ? { path } : {}),
      })
      const entries = requests.list(c.get('account').id, filter, REQUEST_LOG_LIMIT.default)
      return renderPage(c, RequestsPage({ view: viewOf(c), entries, filter }))
    })
    .get('/requests/:id', (c) =>
      renderPage(
        c,
        RequestDetailPage({ view: viewOf(c), entry: requests.find(c.get('account').id, c.req.param('id')) }),
      ),
    )
    .get('/reference', (c) => {
      const wanted = c.req.query('doc') ?? 'api'
      if (!Object.hasOwn(REFERENCE_DOCUMENTS, wanted))
        throw new StoreError(
          404,
          `no API reference "${wanted}": choose ${Object.keys(REFERENCE_DOCUMENTS).join(' or ')}`,
        )
      return renderPage(c, ReferencePage({ view: viewOf(c), document: wanted as ReferenceDocument, assets: swaggerUi }))
    })
}
