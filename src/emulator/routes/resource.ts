import type { Context } from 'hono'
import type * as z from 'zod'
import { NoQuerySchema } from '../../contract/common.js'
import { answerJson } from '../inspector/answer.js'
import type { AuthedEnv } from '../middleware/auth.js'
import { type ErrorCase, type Operation, SUCCESS, json } from '../openapi/operations.js'
import type { Services } from '../services/index.js'
import type { ShopRecord } from '../store/records.js'
import { type DeclaredRoute, authedRoute } from './route.js'

/** How the documents speak of a resource; its operations' ids, summaries and answers are made of these. */
export interface ResourceNames {
  /** The collection's path (`/coupons`); its last segment is the tag and the list's key. */
  path: string
  /** The operationIds' noun, when not the words of `one`: `Coupon` makes `getCoupon`, `createCoupon`, … */
  type?: string
  /** One of it in words, with its article: `a coupon`. */
  one: string
  /** Many of it in words, when not the list's key: `blacklist entries`. */
  many?: string
  /** What the `{id}` parameter accepts. */
  id: string
  tag?: string
}

/** What an operation adds to the words made from the names: its description, query, errors, summary. */
type More = Partial<Operation>

/**
 * The standard operations of a resource, in the documents' words: list, get, create, update and
 * delete, each made from the names and its schemas, with what `more` adds or replaces.
 * @example
 * const coupon = resourceOperations({ path: '/coupons', type: 'Coupon', one: 'a coupon', id: "The coupon's id." })
 * authedRoute(coupon.get(CouponSchema), handler)
 */
export function resourceOperations(names: ResourceNames) {
  const { path, one } = names
  const key = path.slice(path.lastIndexOf('/') + 1)
  const noun = one.replace(/^an? /, '')
  const type = names.type ?? noun.replace(/(?:^| )(\w)/g, (_, letter: string) => letter.toUpperCase())
  const tag = names.tag ?? key
  const item = { path: `${path}/{id}`, params: { id: names.id } }
  const answer = (status: number, description: string, schema: z.ZodType) => ({
    status,
    description,
    content: json(schema),
  })
  const operation = (method: Operation['method'], verb: string, summary: string, ok: Operation['ok']) => ({
    method,
    path,
    operationId: `${verb}${type}`,
    summary: `${summary} ${one}`,
    tag,
    ok,
  })
  return {
    key,
    list: <M extends More>(schema: z.ZodType, more?: M) => ({
      ...operation('get', 'list', 'List', answer(200, `\`{ ${key}: [...] }\``, schema)),
      operationId: `list${key[0].toUpperCase()}${key.slice(1)}`,
      summary: `List ${names.many ?? key}`,
      ...(more as M),
    }),
    get: <M extends More>(schema: z.ZodType, more?: M) => ({
      ...operation('get', 'get', 'Read', answer(200, `The ${noun}.`, schema)),
      ...item,
      ...(more as M),
    }),
    create: <B extends z.ZodType, M extends More>(body: B, schema: z.ZodType, more?: M) => ({
      ...operation('post', 'create', 'Create', answer(201, `The created ${noun}.`, schema)),
      body,
      ...(more as M),
    }),
    update: <B extends z.ZodType, M extends More>(body: B, schema: z.ZodType, more?: M) => ({
      ...operation('put', 'update', 'Update', answer(200, `The updated ${noun}.`, schema)),
      ...item,
      body,
      ...(more as M),
    }),
    delete: <M extends More>(more?: M) => ({
      ...operation('delete', 'delete', 'Delete', SUCCESS),
      ...item,
      ...(more as M),
    }),
  }
}

/** Answers `{ "success": true }` once `remove` is done: every delete route's answer. */
export const answerRemoved = async (c: Context, remove: Promise<void>) => {
  await remove
  return answerJson(c, { success: true as const })
}

/** A shop's resource as its service keeps it. */
interface ResourceService<Row, Create, Update> {
  get(shop: ShopRecord, id: string): Row
  create(shop: ShopRecord, body: Create): Promise<Row>
  update(shop: ShopRecord, id: string, body: Update): Promise<Row>
  delete(shop: ShopRecord, id: string): Promise<void>
}

/** A resource with all five standard routes: its names, schemas, words, service and presenter. */
export interface CrudResource<Row, C extends z.ZodType, U extends z.ZodType> {
  names: ResourceNames
  schemas: { one: z.ZodType; list: z.ZodType; create: C; update: U }
  /** Each operation's description, and what else it adds (errors). */
  words?: Partial<Record<'list' | 'get' | 'create' | 'update' | 'delete', string>>
  errors?: Partial<Record<'create' | 'update', ErrorCase[]>>
  service: (services: Services) => ResourceService<Row, z.output<C>, z.output<U>>
  /** The shop's rows, newest first or as the resource orders them; or a list route of its own (a query, pages). */
  list: ((services: Services, shop: ShopRecord) => Row[]) | DeclaredRoute<AuthedEnv>
  /** The row as the API shows it (the row itself when left out). */
  present?: (row: Row, services: Services, shop: ShopRecord) => unknown
}

/**
 * The list, get, create, update and delete routes of a shop's resource, under its path.
 * @example
 * export const groupRoutes = crudRoutes({ names, schemas, service: (s) => s.groups, list: (s, shop) => s.groups.list(shop) })
 */
export function crudRoutes<Row, C extends z.ZodType, U extends z.ZodType>(
  resource: CrudResource<Row, C, U>,
): DeclaredRoute<AuthedEnv>[] {
  const { schemas, words = {}, errors = {}, service, list } = resource
  const operations = resourceOperations(resource.names)
  const present = resource.present ?? ((row: Row) => row)
  const listRoute =
    typeof list === 'function'
      ? authedRoute(
          operations.list(schemas.list, { description: words.list, query: NoQuerySchema }),
          (c, { services }) =>
            answerJson(c, {
              [operations.key]: list(services, c.get('shop')).map((row) => present(row, services, c.get('shop'))),
            }),
        )
      : list
  return [
    listRoute,
    authedRoute(operations.get(schemas.one, { description: words.get }), (c, { services, params }) =>
      answerJson(c, present(service(services).get(c.get('shop'), params.id), services, c.get('shop'))),
    ),
    authedRoute(
      operations.create(schemas.create, schemas.one, { description: words.create, errors: errors.create }),
      async (c, { services, body }) => {
        // `body()` parses with `schemas.create`: its output, which TypeScript cannot follow through the generic.
        const row = await service(services).create(c.get('shop'), (await body()) as z.output<C>)
        return answerJson(c, present(row, services, c.get('shop')), 201)
      },
    ),
    authedRoute(
      operations.update(schemas.update, schemas.one, { description: words.update, errors: errors.update }),
      async (c, { services, params, body }) => {
        const row = await service(services).update(c.get('shop'), params.id, (await body()) as z.output<U>)
        return answerJson(c, present(row, services, c.get('shop')))
      },
    ),
    authedRoute(operations.delete({ description: words.delete }), (c, { services, params }) =>
      answerRemoved(c, service(services).delete(c.get('shop'), params.id)),
    ),
  ]
}
