// Every answer the client reads, by name: its schema, and its type inferred from it. The client
// imports this module for types only (`import type`), so one that does not check answers (the
// `drift` option) never loads these schemas.
import type * as z from 'zod'
import { CreatedAccountSchema } from '../contract/accounts.js'
import { SuccessSchema } from '../contract/common.js'
import { BlacklistEntrySchema, BlacklistListSchema } from '../contract/blacklists.js'
import { CategoryListSchema, CategorySchema } from '../contract/categories.js'
import { CouponListSchema, CouponSchema } from '../contract/coupons.js'
import { CustomerDetailSchema, CustomerListSchema } from '../contract/customers.js'
import { FaultListSchema, FaultSchema } from '../contract/faults.js'
import { ClockSchema, FulfilmentSetupSchema } from '../contract/fulfilment.js'
import { GroupListSchema, GroupSchema } from '../contract/groups.js'
import { OrderListSchema, OrderSchema } from '../contract/orders.js'
import { ProductListSchema, ProductSchema } from '../contract/products.js'
import { RequestLogEntrySchema, RequestLogListSchema } from '../contract/requests.js'
import { ApiKeyListSchema, ApiKeySchema, ShopListSchema, ShopSchema } from '../contract/shops.js'
import {
  CheckoutResponseSchema,
  FeedbackListSchema,
  FeedbackSchema,
  InvoiceSchema,
  QueryListSchema,
  QuerySchema,
  StorefrontProductListSchema,
  StorefrontProductSchema,
} from '../contract/storefront.js'
import { SavedStateListSchema, SeedExportSchema, StateChangeSchema } from '../contract/states.js'
import { SubscriptionListSchema, SubscriptionSchema } from '../contract/subscriptions.js'
import { ThemeListSchema, ThemeSchema } from '../contract/themes.js'
import {
  EmittedEventSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
} from '../contract/webhooks.js'

/** Every answer's schema by name: `new StoreClient({ drift: { schemas: RESPONSE_SCHEMAS, report } })`. */
export const RESPONSE_SCHEMAS = {
  Success: SuccessSchema,
  Product: ProductSchema,
  ProductList: ProductListSchema,
  Order: OrderSchema,
  OrderList: OrderListSchema,
  Coupon: CouponSchema,
  CouponList: CouponListSchema,
  BlacklistEntry: BlacklistEntrySchema,
  BlacklistList: BlacklistListSchema,
  Category: CategorySchema,
  CategoryList: CategoryListSchema,
  Group: GroupSchema,
  GroupList: GroupListSchema,
  CustomerDetail: CustomerDetailSchema,
  CustomerList: CustomerListSchema,
  Subscription: SubscriptionSchema,
  SubscriptionList: SubscriptionListSchema,
  Theme: ThemeSchema,
  ThemeList: ThemeListSchema,
  Shop: ShopSchema,
  ShopList: ShopListSchema,
  ApiKey: ApiKeySchema,
  ApiKeyList: ApiKeyListSchema,
  FulfilmentSetup: FulfilmentSetupSchema,
  ClockState: ClockSchema,
  Query: QuerySchema,
  QueryList: QueryListSchema,
  Feedback: FeedbackSchema,
  FeedbackList: FeedbackListSchema,
  StorefrontProduct: StorefrontProductSchema,
  StorefrontProductList: StorefrontProductListSchema,
  CheckoutResponse: CheckoutResponseSchema,
  Invoice: InvoiceSchema,
  Webhook: WebhookSchema,
  WebhookList: WebhookListSchema,
  WebhookDelivery: WebhookDeliverySchema,
  WebhookDeliveryList: WebhookDeliveryListSchema,
  EmittedEvent: EmittedEventSchema,
  CreatedAccount: CreatedAccountSchema,
  SavedStateList: SavedStateListSchema,
  StateChange: StateChangeSchema,
  SeedExport: SeedExportSchema,
  RequestLogEntry: RequestLogEntrySchema,
  RequestLogList: RequestLogListSchema,
  Fault: FaultSchema,
  FaultList: FaultListSchema,
} satisfies Record<string, z.ZodType>

/** The name of a response schema: `'Product'`, `'ProductList'`… */
export type ResponseName = keyof typeof RESPONSE_SCHEMAS

/** Every answer's type by name, as its schema parses it. */
export type ResponseTypes = { [K in ResponseName]: z.infer<(typeof RESPONSE_SCHEMAS)[K]> }

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
