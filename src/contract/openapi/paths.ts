import { z } from 'zod'
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from 'zod-openapi'
import { ErrorBodySchema } from '../errors.js'
import { ERROR_MEANINGS, type Operation, errorsOf } from '../operations/operation.js'

export const errorResponseName = (status: number) => `Error${status}`

const RETRY_AFTER = z.object({
  'Retry-After': z.string().optional().meta({
    description:
      'Seconds to wait before retrying; sent with every rate-limit refusal, not with the cap on open event streams.',
  }),
})

const ERROR_PAGE = z.string().meta({ description: 'An error page saying what went wrong.' })

/** The shared error answers, one per status, each `{ error, errors? }`. */
export function errorResponses(): Record<string, ZodOpenApiResponseObject> {
  return Object.fromEntries(
    Object.entries(ERROR_MEANINGS).map(([status, description]) => [
      errorResponseName(Number(status)),
      {
        description,
        content: { 'application/json': { schema: ErrorBodySchema } },
        ...(status === '429' ? { headers: RETRY_AFTER } : {}),
      },
    ]),
  )
}

function operationOf(route: Operation): ZodOpenApiOperationObject {
  const auth = route.auth !== false
  const responses: ZodOpenApiResponsesObject = {
    [String(route.ok.status) as '200']: {
      description: route.ok.description,
      content: Object.fromEntries(Object.entries(route.ok.content).map(([type, schema]) => [type, { schema }])),
    },
  }
  for (const error of errorsOf(route)) {
    const [status, when] = typeof error === 'number' ? [error, undefined] : error
    responses[String(status) as '400'] = route.pages
      ? {
          description: when ?? ERROR_MEANINGS[status],
          content: { 'application/json': { schema: ErrorBodySchema }, 'text/html': { schema: ERROR_PAGE } },
        }
      : { $ref: `#/components/responses/${errorResponseName(status)}`, ...(when ? { description: when } : {}) }
  }
  const path = route.params
    ? z.object(
        Object.fromEntries(
          Object.entries(route.params).map(([name, description]) => [name, z.string().meta({ description })]),
        ),
      )
    : undefined
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(!auth
      ? { security: [] }
      : route.keyOnly
        ? {}
        : { parameters: [{ $ref: '#/components/parameters/ShopHeader' }] }),
    requestParams: {
      ...(path ? { path } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(route.headers ? { header: route.headers } : {}),
    },
    ...(route.body
      ? {
          requestBody: {
            required: !route.bodyOptional,
            content: { 'application/json': { schema: route.body } },
          },
        }
      : {}),
    responses,
  }
}

/** The routes as OpenAPI path items, in the order given. */
export function pathsOf(routes: Operation[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {}
  for (const route of routes) {
    const named = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).join()
    if (named !== Object.keys(route.params ?? {}).join())
      throw new Error(
        `${route.method.toUpperCase()} ${route.path} describes the parameters ${Object.keys(route.params ?? {})}`,
      )
    const item = (paths[route.path] ??= {})
    if (item[route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} is described twice`)
    item[route.method] = operationOf(route)
  }
  return paths
}
