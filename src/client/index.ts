// StoreClient: one typed module per resource over one Http (STYLE.md, "One resource, end to end").
import type { OperationId } from '../contract/operations/index.js'
import { type BlacklistsClient, blacklists } from './blacklists.js'
import type { Answer, CallArgs } from './call.js'
import { type CategoriesClient, categories } from './categories.js'
import { type CouponsClient, coupons } from './coupons.js'
import { type CustomersClient, customers } from './customers.js'
import { type EmulatorClient, emulator } from './emulator.js'
import { type GroupsClient, groups } from './groups.js'
import { Http, type HttpOptions } from './http.js'
import { type OrdersClient, orders } from './orders.js'
import { type ProductsClient, products } from './products.js'
import { type RequestsClient, requests } from './requests.js'
import { type StorefrontClient, storefront } from './storefront.js'
import { type SubscriptionsClient, subscriptions } from './subscriptions.js'
import { type ThemesClient, themes } from './themes.js'

export type StoreClientOptions = HttpOptions

/**
 * The typed client of the Online Store API: every endpoint of the spec, plus the emulator's
 * control API and storefront. Failures throw `StoreError` (`status` 0: no answer).
 * @example
 * const client = new StoreClient({ baseUrl: 'https://shop.example/api/v1', apiKey: process.env.STORE_API_KEY })
 * const { coupons } = await client.coupons.list({ active: true })
 * for await (const product of client.products.all()) console.log(product.name)
 */
export class StoreClient {
  readonly http: Http
  readonly products: ProductsClient
  readonly orders: OrdersClient
  readonly coupons: CouponsClient
  readonly blacklists: BlacklistsClient
  readonly categories: CategoriesClient
  readonly groups: GroupsClient
  readonly customers: CustomersClient
  readonly subscriptions: SubscriptionsClient
  readonly themes: ThemesClient
  /** The emulator control API (`/_emulator`): only `store serve` and the MSW handlers answer it. */
  readonly emulator: EmulatorClient
  /** The emulator's public storefront (`/storefront/:shop`): checkout, invoices, queries, feedback. */
  readonly storefront: StorefrontClient
  /** The emulator's request inspector (`/_emulator/requests`): recorded requests and their live stream. */
  readonly requests: RequestsClient

  constructor(options: StoreClientOptions | Http = {}) {
    const http = options instanceof Http ? options : new Http(options)
    this.http = http
    this.products = products(http)
    this.orders = orders(http)
    this.coupons = coupons(http)
    this.blacklists = blacklists(http)
    this.categories = categories(http)
    this.groups = groups(http)
    this.customers = customers(http)
    this.subscriptions = subscriptions(http)
    this.themes = themes(http)
    this.emulator = emulator(http)
    this.storefront = storefront(http)
    this.requests = requests(http)
  }

  /**
   * Calls any operation of the contract by its id (src/contract/operations): the named methods
   * above are thin entries over this, and an operation without one is still called here, typed
   * from its declaration.
   * @example const coupon = await client.call('getCoupon', { params: { id: 'SPRING' } })
   */
  call<K extends OperationId>(id: K, ...input: CallArgs<K>): Promise<Answer<K>> {
    return this.http.call(id, ...input)
  }

  /** The same client for another shop of the account (`X-Service-Shop`, id or slug). */
  withShop(shop: string | undefined): StoreClient {
    return new StoreClient(this.http.with({ shop }))
  }
}

export { Http, DEFAULT_BASE_URL, DEFAULT_RETRY } from './http.js'
export type {
  AttemptedError,
  Exchanged,
  CallOptions,
  DeclaredAnswers,
  HttpOptions,
  Method,
  RequestOptions,
  ResponseDrift,
  RetryNotice,
  RetryOptions,
} from './http.js'
export type { Answer, AnswerOf, BodyOf, CallArgs, CallInput, ParamsOf, QueryOf } from './call.js'
export type { BlacklistsClient } from './blacklists.js'
export type { CategoriesClient } from './categories.js'
export type { CouponsClient } from './coupons.js'
export type { CustomersClient } from './customers.js'
export type { EmulatorClient, EventStreamStatus, EventsOptions, FaultsClient, WebhooksClient } from './emulator.js'
export type { FollowOptions, StreamStatus } from './follow.js'
export type { GroupsClient } from './groups.js'
export type { OrdersClient } from './orders.js'
export type { ProductsClient } from './products.js'
export type { RequestLogFilter, RequestsClient } from './requests.js'
export type { StorefrontClient } from './storefront.js'
export type { SubscriptionsClient } from './subscriptions.js'
export type { ThemesClient } from './themes.js'
