// Every answer the client reads, by the name of its schema. Types only: the schemas themselves
// (response-schemas.ts) load on the first answer that is checked.
import type { CreatedAccount } from '../spec/accounts.js'
import type { Success } from '../spec/common.js'
import type { BlacklistEntry, BlacklistList } from '../spec/blacklists.js'
import type { Category, CategoryList } from '../spec/categories.js'
import type { Coupon, CouponList } from '../spec/coupons.js'
import type { CustomerDetail, CustomerList } from '../spec/customers.js'
import type { Fault, FaultList } from '../spec/faults.js'
import type { ClockState, FulfilmentSetup } from '../spec/fulfilment.js'
import type { Group, GroupList } from '../spec/groups.js'
import type { Order, OrderList } from '../spec/orders.js'
import type { Product, ProductList } from '../spec/products.js'
import type { RequestLogEntry, RequestLogList } from '../spec/requests.js'
import type { ApiKey, ApiKeyList, Shop, ShopList } from '../spec/shops.js'
import type {
  CheckoutResponse,
  Feedback,
  FeedbackList,
  Invoice,
  Query,
  QueryList,
  StorefrontProduct,
  StorefrontProductList,
} from '../spec/storefront.js'
import type { SavedStateList, SeedExport, StateChange } from '../spec/states.js'
import type { Subscription, SubscriptionList } from '../spec/subscriptions.js'
import type { Theme, ThemeList } from '../spec/themes.js'
import type { EmittedEvent, Webhook, WebhookDelivery, WebhookDeliveryList, WebhookList } from '../spec/webhooks.js'

export interface ResponseTypes {
  Success: Success
  Product: Product
  ProductList: ProductList
  Order: Order
  OrderList: OrderList
  Coupon: Coupon
  CouponList: CouponList
  BlacklistEntry: BlacklistEntry
  BlacklistList: BlacklistList
  Category: Category
  CategoryList: CategoryList
  Group: Group
  GroupList: GroupList
  CustomerDetail: CustomerDetail
  CustomerList: CustomerList
  Subscription: Subscription
  SubscriptionList: SubscriptionList
  Theme: Theme
  ThemeList: ThemeList
  Shop: Shop
  ShopList: ShopList
  ApiKey: ApiKey
  ApiKeyList: ApiKeyList
  FulfilmentSetup: FulfilmentSetup
  ClockState: ClockState
  Query: Query
  QueryList: QueryList
  Feedback: Feedback
  FeedbackList: FeedbackList
  StorefrontProduct: StorefrontProduct
  StorefrontProductList: StorefrontProductList
  CheckoutResponse: CheckoutResponse
  Invoice: Invoice
  Webhook: Webhook
  WebhookList: WebhookList
  WebhookDelivery: WebhookDelivery
  WebhookDeliveryList: WebhookDeliveryList
  EmittedEvent: EmittedEvent
  CreatedAccount: CreatedAccount
  SavedStateList: SavedStateList
  StateChange: StateChange
  SeedExport: SeedExport
  RequestLogEntry: RequestLogEntry
  RequestLogList: RequestLogList
  Fault: Fault
  FaultList: FaultList
}

/** The name of a response schema: `'Product'`, `'ProductList'`… */
export type ResponseName = keyof ResponseTypes

/** A schema per answer, as `RESPONSE_SCHEMAS` holds them: anything with zod's `safeParse`. */
export type ResponseSchemas = {
  [K in ResponseName]: {
    safeParse(value: unknown): { success: true } | { success: false; error: { issues: ResponseIssue[] } }
  }
}

/** One difference zod reports: where (`products.0.type`) and what. */
export interface ResponseIssue {
  path: PropertyKey[]
  message: string
}
