import { Hono } from 'hono'
import { publicOriginOf } from '../middleware/hosts.js'
import { type RouteDeps, mountRoutes, publicHandlers } from './route.js'

/** A document with this emulator's origin as its server: where `store serve` listens, never a name the request brings. */
const withServer = (document: ReturnType<RouteDeps['documents']['api']>, url: string) => ({
  ...document,
  servers: [{ ...document.servers?.[0], url }],
})

/** Both documents, public like the API reference they feed. */
export const documentHandlers = publicHandlers({
  getApiDocument: (c, { documents, options }) =>
    withServer(documents.api(), `${publicOriginOf(c, options.publicOrigin)}/api/v1`),
  getControlDocument: (c, { documents, options }) =>
    withServer(documents.control(), publicOriginOf(c, options.publicOrigin)),
})

/** Both documents' routes, each made once per app, on first use (RouteDeps.documents). */
export function openApiRoutes(deps: RouteDeps): Hono {
  const app = new Hono()
  const { getApiDocument, getControlDocument } = documentHandlers
  mountRoutes(app, { getControlDocument }, deps)
  app.route('/api/v1', mountRoutes(new Hono(), { getApiDocument }, deps))
  return app
}
