import { z } from 'zod'
import { NoQuerySchema } from '../common.js'
import { answer, area } from './operation.js'

/** The OpenAPI document itself, as its own operation describes it. */
const OpenApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .meta({ description: 'An OpenAPI 3.1 document.' })

const HealthSchema = z.object({ status: z.literal('ok') }).meta({ description: 'The emulator answers everything.' })

/** The documents and the ready check: public, no key. */
const PUBLIC = { tag: 'documents', auth: false, query: NoQuerySchema } as const

const document = (path: string, description: string) => ({
  method: 'get' as const,
  path,
  summary: 'This document',
  description,
  ok: answer(200, 'The document.', OpenApiDocumentSchema),
})

/** `GET /api/v1/openapi.json`, public like the API reference it feeds; its path relative to /api/v1. */
export const API_DOCUMENT_OPERATIONS = area(PUBLIC, {
  getApiDocument: document(
    '/openapi.json',
    'OpenAPI 3.1 of `/api/v1`, generated from the schemas the emulator validates with. Public: no key needed.',
  ),
})

/** `GET /_emulator/health`, for compose, CI and Kubernetes checks; `GET /_emulator/openapi.json`: the control API and the storefront. */
export const CONTROL_DOCUMENT_OPERATIONS = area(PUBLIC, {
  getHealth: {
    method: 'get',
    path: '/_emulator/health',
    summary: 'Ready check',
    description:
      'Answers 200 once the emulator answers every route; a request sent while `store serve` loads its db waits for it. Public: no key needed.',
    ok: answer(200, 'Ready.', HealthSchema),
  },
  getControlDocument: document(
    '/_emulator/openapi.json',
    'OpenAPI 3.1 of the control API and the storefront. Public: no key needed.',
  ),
})
