import { Hono } from 'hono'
import { z } from 'zod'
import { NoQuerySchema } from '../../contract/common.js'
import { publicOriginOf } from '../middleware/hosts.js'
import { json } from '../openapi/operations.js'
import { type RouteDeps, mountRoutes, publicRoute } from './route.js'
import { answerJson } from '../inspector/answer.js'

/** The OpenAPI document itself, as its own route describes it. */
const OpenApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .meta({ description: 'An OpenAPI 3.1 document.' })

/** A document with this emulator's origin as its server: where `store serve` listens, never a name the request brings. */
const withServer = (document: ReturnType<RouteDeps['documents']['api']>, url: string) => ({
  ...document,
  servers: [{ ...document.servers?.[0], url }],
})

/** `GET /api/v1/openapi.json`, public like the API reference it feeds; its path relative to /api/v1. */
export const API_DOCUMENT_ROUTE = publicRoute(
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getApiDocument',
    summary: 'This document',
    description:
      'OpenAPI 3.1 of `/api/v1`, generated from the schemas the emulator validates with. Public: no key needed.',
    tag: 'documents',
    auth: false,
    query: NoQuerySchema,
    ok: { status: 200, description: 'The document.', content: json(OpenApiDocumentSchema) },
  },
  (c, { documents, options }) =>
    answerJson(c, withServer(documents.api(), `${publicOriginOf(c, options.publicOrigin)}/api/v1`)),
)

/** `GET /_emulator/openapi.json`: the control API and the storefront. */
export const CONTROL_DOCUMENT_ROUTE = publicRoute(
  {
    method: 'get',
    path: '/_emulator/openapi.json',
    operationId: 'getControlDocument',
    summary: 'This document',
    description: 'OpenAPI 3.1 of the control API and the storefront. Public: no key needed.',
    tag: 'documents',
    auth: false,
    query: NoQuerySchema,
    ok: { status: 200, description: 'The document.', content: json(OpenApiDocumentSchema) },
  },
  (c, { documents, options }) =>
    answerJson(c, withServer(documents.control(), publicOriginOf(c, options.publicOrigin))),
)

/** Both documents' routes, each made once per app, on first use (RouteDeps.documents). */
export function openApiRoutes(deps: RouteDeps): Hono {
  const app = new Hono()
  mountRoutes(app, [CONTROL_DOCUMENT_ROUTE], deps)
  app.route('/api/v1', mountRoutes(new Hono(), [API_DOCUMENT_ROUTE], deps))
  return app
}
