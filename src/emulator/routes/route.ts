import type { Context, Env, Hono } from 'hono'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as z from 'zod'
import type { oas31 } from 'zod-openapi'
import { OPERATIONS, type OperationId, type Operations } from '../../contract/operations/index.js'
import type { Operation } from '../../contract/operations/operation.js'
import type { EmulatorOptions } from '../deps.js'
import type { AuthedEnv } from '../middleware/auth.js'
import { answerJson } from '../inspector/answer.js'
import type { RequestRecorder } from '../inspector/recorder.js'
import { parseQuery, readBody } from '../middleware/validate.js'
import type { Services } from '../services/index.js'
import type { EventRecord } from '../../contract/rows.js'

/** What every handler may use, built once per app. */
export interface RouteDeps {
  services: Services
  options: EmulatorOptions
  /** The request inspector's log. */
  requests: RequestRecorder
  /** The OpenAPI documents, made on first use. */
  documents: { api(): oas31.OpenAPIObject; control(): oas31.OpenAPIObject }
  /** An event as one Server-Sent Events message, made once and shared by every stream. */
  eventMessage(event: EventRecord): Uint8Array
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined
type ParamName<O> = O extends { params: infer P } ? keyof P & string : never

/** A handler's input: the deps, the path's parameters, the query as its schema parsed it, the body on demand. */
export interface RouteInput<O> extends RouteDeps {
  params: Record<ParamName<O>, string>
  query: Parsed<O extends { query: infer Q } ? Q : undefined>
  /** Reads the body and parses it with the declared schema; a handler calls it when its checks allow. */
  body(): Promise<Parsed<O extends { body: infer B } ? B : undefined>>
}

/**
 * The handler of operation `O` for requests that carry `E`'s variables: it returns the JSON body
 * its operation answers on success (with the status the contract declares), or a whole Response
 * (a stream, a text file, an answer with headers of its own).
 */
export type Handler<E extends Env, O> = (c: Context<E>, input: RouteInput<O>) => unknown

/** Handlers by operationId, for operations whose requests carry `E`'s variables. */
export type Handlers<E extends Env> = { [K in OperationId]?: Handler<E, Operations[K]> }

/** Declares the handlers of some operations, each typed by its operation. */
export const handlersFor =
  <E extends Env>() =>
  <H extends Handlers<E>>(handlers: H): { [K in keyof H & OperationId]-?: Handler<E, Operations[K]> } =>
    handlers as never

/** A handler as the route layer calls it, whatever its operation. */
type AnyHandler<E extends Env> = (
  c: Context<E>,
  input: RouteDeps & { params: Record<string, string>; query: unknown; body(): Promise<unknown> },
) => unknown

/** Hono's `/:id` for OpenAPI's `/{id}`. */
export const honoPath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1')

/**
 * Registers the operation of each handler on `app` (from the contract's `operations`), whose paths start after `prefix`
 * (`/_emulator` for the control API mounted at `/_emulator`). In the order the contract declares
 * them: hono tries a literal path before a later parameter one only when it was registered first.
 */
export function mountRoutes<E extends Env>(
  app: Hono<E>,
  handlers: Handlers<E>,
  deps: RouteDeps,
  prefix = '',
  operations: Readonly<Record<string, Operation>> = OPERATIONS,
): Hono<E> {
  for (const id of Object.keys(handlers)) if (!operations[id]) throw new Error(`${id} is no operation of the contract`)
  for (const [id, route] of Object.entries(operations)) {
    const handle = (handlers as Record<string, AnyHandler<E>>)[id]
    if (!handle) continue
    if (!route.path.startsWith(prefix)) throw new Error(`${route.path} is not under ${prefix}`)
    const { query, body } = route
    const readDeclaredBody = (c: Context) => {
      if (!body) throw new Error(`${route.method.toUpperCase()} ${route.path} declares no body`)
      return readBody(c, body, route.bodyOptional)
    }
    const status = route.ok.status as ContentfulStatusCode
    app.on(route.method.toUpperCase(), honoPath(route.path.slice(prefix.length)) || '/', async (c) => {
      const answer = await handle(c, {
        ...deps,
        params: c.req.param() as Record<string, string>,
        query: query ? parseQuery(c, query) : undefined,
        body: () => readDeclaredBody(c),
      })
      // The stream written to the node response itself (answerSse) is a Response made before
      // @hono/node-server replaced the global one.
      const isResponse = answer instanceof Response || answer === RESPONSE_ALREADY_SENT
      return isResponse ? (answer as Response) : answerJson(c, answer, status)
    })
  }
  return app
}

/** Handlers of operations behind the key and the shop (`/api/v1`, `/_emulator`). */
export const authedHandlers = handlersFor<AuthedEnv>()

/** Handlers of operations with no variables of their own (public, or checking their key themselves). */
export const publicHandlers = handlersFor<Env>()
