// The API's resources (spec, "Endpoints"), each a set of one-liners over `call`: list, get,
// create, update and delete, typed from the operations they name.
import { ADDRESSES } from '../contract/operations/addresses.js'
import type { OperationId, Operations } from '../contract/operations/index.js'
import type { Answer, BodyOf, CallOptions, QueryOf } from './call.js'
import type { Http } from './http.js'

type Verb = 'list' | 'get' | 'create' | 'update' | 'delete'
type Ids = Partial<Record<Verb, OperationId>>

type TakesQuery<K extends OperationId> = [QueryOf<Operations[K]>] extends [never]
  ? false
  : keyof QueryOf<Operations[K]> extends never
    ? false
    : true
type Method<V extends Verb, K extends OperationId> = V extends 'list'
  ? TakesQuery<K> extends true
    ? (query?: QueryOf<Operations[K]>, options?: CallOptions) => Promise<Answer<K>>
    : (options?: CallOptions) => Promise<Answer<K>>
  : V extends 'create'
    ? (body: BodyOf<Operations[K]>, options?: CallOptions) => Promise<Answer<K>>
    : V extends 'update'
      ? (id: string, body: BodyOf<Operations[K]>, options?: CallOptions) => Promise<Answer<K>>
      : (id: string, options?: CallOptions) => Promise<Answer<K>>

/** A resource's methods, one per operation it names. */
export type Resource<I extends Ids> = { [V in keyof I & Verb]: Method<V, I[V] & OperationId> }

/** Makers of one method per verb's shape: `verbs(http).get('revokeKey')` is `(id, options?)`. */
export function verbs(http: Http) {
  // biome-ignore lint/suspicious/noExplicitAny: each method is typed by Method<V, K>
  const call = http.call.bind(http) as (id: OperationId, input: object) => Promise<any>
  /** The operation's one path parameter (`{id}`, `{themeId}`) given `key`. */
  const params = (id: OperationId, key: string) => ({ [ADDRESSES[id].path.match(/\{(\w+)\}/)?.[1] ?? 'id']: key })
  const methods: Record<Verb, (id: OperationId) => unknown> = {
    list: (id) =>
      ADDRESSES[id].query
        ? (query = {}, options: CallOptions = {}) => call(id, { ...options, query })
        : (options: CallOptions = {}) => call(id, options),
    get:
      (id) =>
      (key: string, options: CallOptions = {}) =>
        call(id, { ...options, params: params(id, key) }),
    create:
      (id) =>
      (body: unknown, options: CallOptions = {}) =>
        call(id, { ...options, body }),
    update:
      (id) =>
      (key: string, body: unknown, options: CallOptions = {}) =>
        call(id, { ...options, params: params(id, key), body }),
    delete:
      (id) =>
      (key: string, options: CallOptions = {}) =>
        call(id, { ...options, params: params(id, key) }),
  }
  return methods as { [V in Verb]: <K extends OperationId>(id: K) => Method<V, K> }
}

/**
 * The methods of a resource over `http`: `list(query?, options?)` (or `list(options?)` when the
 * operation takes no query), `get(id)`, `create(body)`, `update(id, body)`, `delete(id)`.
 */
export function resource<const I extends Ids>(http: Http, ids: I): Resource<I> {
  const made = verbs(http)
  return Object.fromEntries(
    Object.entries(ids).map(([verb, id]) => [verb, made[verb as Verb](id as OperationId)]),
  ) as Resource<I>
}

type Crud<Many extends string, One extends string> = Resource<{
  list: `list${Many}` & OperationId
  get: `get${One}` & OperationId
  create: `create${One}` & OperationId
  update: `update${One}` & OperationId
  delete: `delete${One}` & OperationId
}>

/** The five methods of a resource whose operations are `list<Many>`, `get<One>`, `create<One>`, … */
function crud<const Many extends string, const One extends string>(http: Http, many: Many, one: One) {
  const ids = [`list${many}`, `get${one}`, `create${one}`, `update${one}`, `delete${one}`]
  const [list, get, create, update, remove] = ids as OperationId[]
  return resource(http, { list, get, create, update, delete: remove }) as unknown as Crud<Many, One>
}

/** `/products` (spec, "Endpoints: Products"); `:id` is the internal id or the `rec_` productId. */
export function products(http: Http) {
  const methods = crud(http, 'Products', 'Product')
  type Query = QueryOf<Operations['listProducts']>
  async function* pages(query: Query = {}, options: CallOptions = {}) {
    let cursor = query.cursor
    do {
      const page = await methods.list({ ...query, cursor }, options)
      yield page
      cursor = page.nextCursor ?? undefined
    } while (cursor)
  }
  return {
    ...methods,
    /**
     * Every page from `query.cursor` on, following `nextCursor`.
     * @example for await (const page of client.products.pages({ limit: 250 })) console.log(page.products.length)
     */
    pages,
    /**
     * Every Live product across pages, one at a time.
     * @example for await (const product of client.products.all()) console.log(product.name)
     */
    async *all(query: Query = {}, options: CallOptions = {}) {
      for await (const page of pages(query, options)) yield* page.products
    },
  }
}

/** The resources of `/api/v1` by name, as `StoreClient` holds them. */
export function apiResources(http: Http) {
  return {
    products: products(http),
    /** `/orders`: `:id` is the internal id or the `ORD-` orderNumber; `update` sets the status. */
    orders: resource(http, { list: 'listOrders', get: 'getOrder', update: 'updateOrder' }),
    /** `/coupons`: codes are uppercased by the server; `expiresAt: null` removes the expiry. */
    coupons: crud(http, 'Coupons', 'Coupon'),
    /** `/blacklists`: IP, COUNTRY or EMAIL entries of the shop. */
    blacklists: crud(http, 'Blacklists', 'BlacklistEntry'),
    /** `/categories`: `productIds`/`groupIds` bind products and groups (an update replaces the lists). */
    categories: crud(http, 'Categories', 'Category'),
    /** `/groups` (bundles): `productIds` replaces the member list. */
    groups: crud(http, 'Groups', 'Group'),
    /** `/customers`: read only; `get` adds order stats and notes. */
    customers: resource(http, { list: 'listCustomers', get: 'getCustomer' }),
    /** `/subscriptions`: read only; cancelling is `client.emulator.cancelSubscription`. */
    subscriptions: resource(http, { list: 'listSubscriptions', get: 'getSubscription' }),
    /** `/themes`: the theme id is typically `default`; `update` takes `config` and/or `files`. */
    themes: resource(http, { list: 'listThemes', get: 'getTheme', update: 'updateTheme' }),
  }
}

type ApiResources = ReturnType<typeof apiResources>
export type ProductsClient = ApiResources['products']
export type OrdersClient = ApiResources['orders']
export type CouponsClient = ApiResources['coupons']
export type BlacklistsClient = ApiResources['blacklists']
export type CategoriesClient = ApiResources['categories']
export type GroupsClient = ApiResources['groups']
export type CustomersClient = ApiResources['customers']
export type SubscriptionsClient = ApiResources['subscriptions']
export type ThemesClient = ApiResources['themes']
