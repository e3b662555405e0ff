import { Hono } from 'hono'
import { NoQuerySchema } from '../../spec/common.js'
import { createApiDocument, createControlDocument, type OpenApiDocument } from '../openapi/document.js'
import { parseQuery } from '../middleware/validate.js'
import { publicOriginOf } from '../middleware/hosts.js'
import type { EmulatorOptions } from '../deps.js'

/**
 * The OpenAPI documents, public like the API reference they feed: `GET /api/v1/openapi.json`
 * (`/api/v1`) and `GET /_emulator/openapi.json` (control API and storefront). Each is generated
 * once per app, on first use, and served with this emulator's origin as its server: the address
 * `store serve` listens on, never a name the request brings (publicOriginOf).
 */
export function openApiRoutes(options: EmulatorOptions): Hono {
  let api: OpenApiDocument | undefined
  let control: OpenApiDocument | undefined
  const withServer = (document: OpenApiDocument, url: string): OpenApiDocument => ({
    ...document,
    servers: [{ ...document.servers?.[0], url }],
  })
  return new Hono()
    .get('/api/v1/openapi.json', (c) => {
      parseQuery(c, NoQuerySchema)
      api ??= createApiDocument()
      return c.json(withServer(api, `${publicOriginOf(c, options.publicOrigin)}/api/v1`))
    })
    .get('/_emulator/openapi.json', (c) => {
      parseQuery(c, NoQuerySchema)
      control ??= createControlDocument()
      return c.json(withServer(control, publicOriginOf(c, options.publicOrigin)))
    })
}
