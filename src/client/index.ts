// StoreClient: one typed module per resource over one Http (STYLE.md, "One resource, end to end").
import { Http, type HttpOptions } from './http.js'
import { products } from './products.js'
import { orders } from './orders.js'
import { coupons } from './coupons.js'
import { blacklists } from './blacklists.js'
import { categories } from './categories.js'
import { groups } from './groups.js'
import { customers } from './customers.js'
import { subscriptions } from './subscriptions.js'
import { themes } from './themes.js'
import { emulator } from './emulator.js'
import { storefront } from './storefront.js'
import { requests } from './requests.js'

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
  readonly products: ReturnType<typeof products>
  readonly orders: ReturnType<typeof orders>
  readonly coupons: ReturnType<typeof coupons>
  readonly blacklists: ReturnType<typeof blacklists>
  readonly categories: ReturnType<typeof categories>
  readonly groups: ReturnType<typeof groups>
  readonly customers: ReturnType<typeof customers>
  readonly subscriptions: ReturnType<typeof subscriptions>
  readonly themes: ReturnType<typeof themes>
  /** The emulator control API (`/_emulator`): only `store serve` and the MSW handlers answer it. */
  readonly emulator: ReturnType<typeof emulator>
  /** The emulator's public storefront (`/storefront/:shop`): checkout and invoices. */
  readonly storefront: ReturnType<typeof storefront>
  /** The emulator's request inspector (`/_emulator/requests`): recorded requests and their live stream. */
  readonly requests: ReturnType<typeof requests>

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

  /** The same client for another shop of the account (`X-Service-Shop`, id or slug). */
  withShop(shop: string | undefined): StoreClient {
    return new StoreClient(this.http.with({ shop }))
  }
}

export { Http, DEFAULT_BASE_URL, DEFAULT_RETRY, maskSecret, retryAfterMs } from './http.js'
export type { HttpOptions, RetryOptions, RequestOptions, Method } from './http.js'
export type { ProductsClient } from './products.js'
export type { OrdersClient } from './orders.js'
export type { CouponsClient } from './coupons.js'
export type { BlacklistsClient } from './blacklists.js'
export type { CategoriesClient } from './categories.js'
export type { GroupsClient } from './groups.js'
export type { CustomersClient } from './customers.js'
export type { SubscriptionsClient } from './subscriptions.js'
export type { ThemesClient } from './themes.js'
export type { EmulatorClient } from './emulator.js'
export type { StorefrontClient } from './storefront.js'
export type { RequestsClient } from './requests.js'
