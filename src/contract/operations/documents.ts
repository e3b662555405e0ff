import { z } from 'zod'
import { NoQuerySchema } from '../common.js'
import { type OperationInput, json } from './operation.js'

/** The OpenAPI document itself, as its own operation describes it. */
const OpenApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .meta({ description: 'An OpenAPI 3.1 document.' })

const document = (path: string, description: string) =>
  ({
    method: 'get',
    path,
    summary: 'This document',
    description,
    tag: 'documents',
    auth: false,
    query: NoQuerySchema,
    ok: { status: 200, description: 'The document.', content: json(OpenApiDocumentSchema) },
  }) satisfies OperationInput

/** `GET /api/v1/openapi.json`, public like the API reference it feeds; its path relative to /api/v1. */
export const API_DOCUMENT_OPERATIONS = {
  getApiDocument: document(
    '/openapi.json',
    'OpenAPI 3.1 of `/api/v1`, generated from the schemas the emulator validates with. Public: no key needed.',
  ),
}

/** `GET /_emulator/openapi.json`: the control API and the storefront. */
export const CONTROL_DOCUMENT_OPERATIONS = {
  getControlDocument: document(
    '/_emulator/openapi.json',
    'OpenAPI 3.1 of the control API and the storefront. Public: no key needed.',
  ),
}
