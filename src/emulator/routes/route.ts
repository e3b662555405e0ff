import type { Context, Env, Hono } from 'hono'
import type * as z from 'zod'
import type { oas31 } from 'zod-openapi'
import type { EmulatorOptions } from '../deps.js'
import type { RequestRecorder } from '../inspector/recorder.js'
import type { AuthedEnv } from '../middleware/auth.js'
import { parseQuery, parseWith, readBody, readBodyText } from '../middleware/validate.js'
import type { Operation } from '../openapi/operations.js'
import type { Services } from '../services/index.js'
import type { EventRecord } from '../store/records.js'

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

/** A handler's input: the deps, the path's parameters, the query as its schema parsed it, the body on demand. */
export interface RouteInput<Params extends string, Query, Body> extends RouteDeps {
  params: Record<Params, string>
  query: Query
  /** Reads the body and parses it with the declared schema; a route calls it when its checks allow. */
  body(): Promise<Body>
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined
type QuerySchema = Operation['query']

/** A route as the app mounts it and the documents describe it: its operation and its handler. */
export interface DeclaredRoute<E extends Env> extends Operation {
  // Method syntax: a handler typed for its own query and body is one of these.
  handle(c: Context<E>, input: RouteInput<string, unknown, unknown>): Response | Promise<Response>
}

/**
 * Declares a route of a family whose requests carry `E`'s variables: its operation (method, path,
 * schemas, statuses, words) and its handler, in one place. The query is parsed with `query` before
 * the handler runs; `body()` parses with `body`; `params` holds the path's parameters `params` names.
 * @example
 * const getCoupon = authedRoute({ method: 'get', path: '/coupons/{id}', params: { id: 'The id.' }, … },
 *   (c, { services, params }) => answerJson(c, presentCoupon(services.coupons.get(c.get('shop'), params.id))))
 */
export const routeFor =
  <E extends Env>() =>
  <P extends string = never, Q extends QuerySchema = undefined, B extends z.ZodType | undefined = undefined>(
    operation: Operation & { params?: Record<P, string>; query?: Q; body?: B },
    handle: (c: Context<E>, input: RouteInput<P, Parsed<Q>, Parsed<B>>) => Response | Promise<Response>,
  ): DeclaredRoute<E> => ({ ...operation, handle })

/** A route behind the key and the shop (`/api/v1`, `/_emulator`). */
export const authedRoute = routeFor<AuthedEnv>()

/** A route of a family with no variables of its own (public, or checking its key itself). */
export const publicRoute = routeFor<Env>()

/** Hono's `/:id` for OpenAPI's `/{id}`. */
export const honoPath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1')

/** A body the route may also get empty (no body at all means `{}`); a body that is sent must be JSON. */
async function optionalBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await readBodyText(c)
  if (text.trim() === '') return parseWith(schema, {})
  return readBody(c, schema)
}

/**
 * Registers each route on `app`, whose paths start after `prefix` (`/_emulator` for the control
 * API mounted at `/_emulator`). In the order given: hono tries a literal path before a later
 * parameter one only when it was registered first.
 */
export function mountRoutes<E extends Env>(
  app: Hono<E>,
  routes: DeclaredRoute<E>[],
  deps: RouteDeps,
  prefix = '',
): Hono<E> {
  for (const route of routes) {
    if (!route.path.startsWith(prefix)) throw new Error(`${route.path} is not under ${prefix}`)
    const { query, body } = route
    const readDeclaredBody = (c: Context) => {
      if (!body) throw new Error(`${route.method.toUpperCase()} ${route.path} declares no body`)
      return route.bodyOptional ? optionalBody(c, body) : readBody(c, body)
    }
    // The input's fields are listed rather than spread from `deps`: one shape for every request.
    app.on(route.method.toUpperCase(), honoPath(route.path.slice(prefix.length)) || '/', (c) =>
      route.handle(c, {
        services: deps.services,
        options: deps.options,
        requests: deps.requests,
        documents: deps.documents,
        eventMessage: deps.eventMessage,
        params: c.req.param() as Record<string, string>,
        query: query ? parseQuery(c, query) : undefined,
        body: () => readDeclaredBody(c),
      }),
    )
  }
  return app
}
