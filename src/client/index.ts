// StoreClient: the API's resources, the control API, the storefront and the request log over one Http (STYLE.md, "One resource, end to end").
import type { OperationId } from '../contract/operations/index.js'
import type { Answer, CallArgs } from './call.js'
import { type EmulatorClient, emulator } from './emulator.js'
import { Http, type HttpOptions } from './http.js'
import { type RequestsClient, requests } from './requests.js'
import { apiResources } from './resources.js'
import { type StorefrontClient, storefront } from './storefront.js'

export type StoreClientOptions = HttpOptions

/**
 * The typed client of the Online Store API: every endpoint of the spec, plus the emulator's
 * control API and storefront. Failures throw `StoreError` (`status` 0: no answer).
 * @example
 * const client = new StoreClient({ baseUrl: 'https://shop.example/api/v1', apiKey: process.env.STORE_API_KEY })
 * const { coupons } = await client.coupons.list({ active: true })
 * for await (const product of client.products.all()) console.log(product.name)
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the API's resources, assigned in the constructor
export class StoreClient {
  readonly http: Http
  /** The emulator control API (`/_emulator`): only `store serve` and the MSW handlers answer it. */
  readonly emulator: EmulatorClient
  /** The emulator's public storefront (`/storefront/:shop`): checkout, invoices, queries, feedback. */
  readonly storefront: StorefrontClient
  /** The emulator's request inspector (`/_emulator/requests`): recorded requests and their live stream. */
  readonly requests: RequestsClient

  constructor(options: StoreClientOptions | Http = {}) {
    const http = options instanceof Http ? options : new Http(options)
    this.http = http
    Object.assign(this, apiResources(http))
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

/** `products`, `orders`, `coupons`, `blacklists`, `categories`, `groups`, `customers`, `subscriptions`, `themes`. */
export interface StoreClient extends ReturnType<typeof apiResources> {}

export { Http, DEFAULT_BASE_URL, DEFAULT_RETRY } from './http.js'
export type {
  AttemptedError,
  CallOptions,
  DeclaredAnswers,
  HttpOptions,
  Method,
  ResponseDrift,
  RetryNotice,
  RetryOptions,
} from './http.js'
export type { Answer, CallArgs, CallInput } from './call.js'
export type {
  BlacklistsClient,
  CategoriesClient,
  CouponsClient,
  CustomersClient,
  GroupsClient,
  OrdersClient,
  ProductsClient,
  SubscriptionsClient,
  ThemesClient,
} from './resources.js'
export type { EmulatorClient, EventStreamStatus, EventsOptions, FaultsClient, WebhooksClient } from './emulator.js'
export type { FollowOptions, StreamStatus } from './follow.js'
export type { RequestLogFilter, RequestsClient } from './requests.js'
export type { StorefrontClient } from './storefront.js'
