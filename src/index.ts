// The package root (DESIGN.md, "Also a library"): the typed client, the API's schemas and types,
// and StoreError. It imports zod and nothing else: no Node built-ins, so it bundles for browsers
// and edge runtimes. The emulator is `<package>/emulator`, the MSW handlers `<package>/msw`, the
// mystery-box fairness functions `<package>/fairness`.
export { StoreClient, Http, DEFAULT_BASE_URL, DEFAULT_RETRY } from './client/index.js'
export { OPERATIONS, API_OPERATIONS, CONTROL_OPERATIONS } from './contract/operations/index.js'
export type { Operation, OperationId, Operations } from './contract/operations/index.js'
export type {
  StoreClientOptions,
  HttpOptions,
  RetryOptions,
  CallOptions,
  Method,
  ResponseDrift,
  RetryNotice,
  AttemptedError,
  CallInput,
  DeclaredAnswers,
  ProductsClient,
  OrdersClient,
  CouponsClient,
  BlacklistsClient,
  CategoriesClient,
  GroupsClient,
  CustomersClient,
  SubscriptionsClient,
  ThemesClient,
  EmulatorClient,
  WebhooksClient,
  FaultsClient,
  EventsOptions,
  EventStreamStatus,
  StorefrontClient,
  RequestsClient,
  RequestLogFilter,
  FollowOptions,
  StreamStatus,
} from './client/index.js'

export { StoreError } from './contract/store-error.js'
export type { ErrorBody, FieldError } from './contract/store-error.js'
export { ErrorBodySchema, FieldErrorSchema } from './contract/errors.js'

export {
  PRODUCT_TYPES,
  PRODUCT_STATUSES,
  PRODUCT_LIMIT,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  ORDER_LIMIT,
  CUSTOMER_LIMIT,
  COUPON_TYPES,
  BLACKLIST_TYPES,
  DELIVERY_STATES,
  DELIVERY_LOG_LIMIT,
} from './contract/constants.js'
export { SuccessSchema, TimestampSchema } from './contract/common.js'
export type { Success } from './contract/common.js'

export {
  ProductSchema,
  ProductListSchema,
  ProductTypeSchema,
  ProductStatusSchema,
  CreateProductBodySchema,
  UpdateProductBodySchema,
  ProductListQuerySchema,
} from './contract/products.js'
export type {
  Product,
  ProductList,
  ProductType,
  ProductStatus,
  CreateProductInput,
  UpdateProductInput,
  ProductListQuery,
} from './contract/products.js'

export {
  OrderSchema,
  OrderListSchema,
  OrderItemSchema,
  HandoverSchema,
  TrackingSchema,
  OrderStatusSchema,
  PaymentStatusSchema,
  HandoverStatusSchema,
  UpdateOrderBodySchema,
  OrderListQuerySchema,
} from './contract/orders.js'
export type {
  Order,
  OrderList,
  OrderItem,
  Handover,
  Tracking,
  OrderStatus,
  PaymentStatus,
  UpdateOrderInput,
  OrderListQuery,
} from './contract/orders.js'

export {
  CouponSchema,
  CouponListSchema,
  CouponTypeSchema,
  CreateCouponBodySchema,
  UpdateCouponBodySchema,
} from './contract/coupons.js'
export type { Coupon, CouponList, CouponType, CreateCouponInput, UpdateCouponInput } from './contract/coupons.js'

export {
  BlacklistEntrySchema,
  BlacklistListSchema,
  BlacklistTypeSchema,
  CreateBlacklistBodySchema,
  UpdateBlacklistBodySchema,
} from './contract/blacklists.js'
export type {
  BlacklistEntry,
  BlacklistList,
  BlacklistType,
  CreateBlacklistInput,
  UpdateBlacklistInput,
} from './contract/blacklists.js'

export {
  CategorySchema,
  CategoryListSchema,
  CreateCategoryBodySchema,
  UpdateCategoryBodySchema,
} from './contract/categories.js'
export type { Category, CategoryList, CreateCategoryInput, UpdateCategoryInput } from './contract/categories.js'

export { GroupSchema, GroupListSchema, CreateGroupBodySchema, UpdateGroupBodySchema } from './contract/groups.js'
export type { Group, GroupList, CreateGroupInput, UpdateGroupInput } from './contract/groups.js'

export {
  CustomerSchema,
  CustomerDetailSchema,
  CustomerListSchema,
  CustomerListQuerySchema,
} from './contract/customers.js'
export type { Customer, CustomerDetail, CustomerList, CustomerListQuery } from './contract/customers.js'

export { SubscriptionSchema, SubscriptionListSchema, SubscriptionStatusSchema } from './contract/subscriptions.js'
export type { Subscription, SubscriptionList, SubscriptionStatus } from './contract/subscriptions.js'

export { ThemeSchema, ThemeSummarySchema, ThemeListSchema, UpdateThemeBodySchema } from './contract/themes.js'
export type { Theme, ThemeSummary, ThemeList, UpdateThemeInput } from './contract/themes.js'

export {
  ShopSchema,
  ShopListSchema,
  CreateShopBodySchema,
  ApiKeySchema,
  ApiKeyListSchema,
} from './contract/shops.js'
export type { Shop, ShopList, CreateShopInput, ApiKey, ApiKeyList } from './contract/shops.js'

export { MysteryOpenSchema, MysteryOutcomeSchema, MysteryPublicSchema, OddsEntrySchema } from './contract/mystery.js'
export type { MysteryOpen, MysteryOutcome, MysteryPublic, OddsEntry } from './contract/mystery.js'

export {
  FulfilmentSetupSchema,
  FulfilmentSetupBodySchema,
  MysteryOutcomeSetupSchema,
  SubscriptionPlanSchema,
  SubscriptionIntervalSchema,
  PayBodySchema,
  TrackingBodySchema,
  ClockSchema,
  ClockAdvanceBodySchema,
  QueryReplyBodySchema,
} from './contract/fulfilment.js'
export type {
  FulfilmentSetup,
  FulfilmentSetupInput,
  MysteryOutcomeSetup,
  SubscriptionPlan,
  SubscriptionInterval,
  PayInput,
  TrackingInput,
  ClockState,
} from './contract/fulfilment.js'

export {
  StorefrontProductSchema,
  StorefrontProductListSchema,
  CheckoutBodySchema,
  CheckoutResponseSchema,
  InvoiceSchema,
  InvoiceItemSchema,
  CreateQueryBodySchema,
  QuerySchema,
  QueryListSchema,
  QueryStatusSchema,
  CreateFeedbackBodySchema,
  FeedbackSchema,
  FeedbackListSchema,
} from './contract/storefront.js'
export type {
  StorefrontProduct,
  StorefrontProductList,
  CheckoutInput,
  CheckoutResponse,
  Invoice,
  InvoiceItem,
  CreateQueryInput,
  Query,
  QueryList,
  CreateFeedbackInput,
  Feedback,
  FeedbackList,
} from './contract/storefront.js'

export {
  WebhookSchema,
  WebhookListSchema,
  CreateWebhookBodySchema,
  WebhookDeliverySchema,
  WebhookDeliverySummarySchema,
  WebhookDeliveryListSchema,
  DeliveryAttemptSchema,
  DeliveryStateSchema,
  DeliveryLogQuerySchema,
  EmittedEventSchema,
  WebhookChaosSchema,
  DeliveryChaosSchema,
} from './contract/webhooks.js'
export type {
  Webhook,
  WebhookList,
  CreateWebhookInput,
  WebhookDelivery,
  WebhookDeliverySummary,
  WebhookDeliveryList,
  DeliveryAttempt,
  DeliveryState,
  DeliveryLogQuery,
  EmittedEvent,
  WebhookChaos,
  WebhookChaosInput,
  DeliveryChaos,
} from './contract/webhooks.js'
export { CreateFaultBodySchema, FaultSchema, FaultListSchema } from './contract/faults.js'
export type { CreateFaultInput, Fault, FaultList, FaultMatch } from './contract/faults.js'
export { FixtureFileSchema } from './contract/fixtures.js'
export type { FixtureFile, FixtureStep, FixtureRequest } from './contract/fixtures.js'

export {
  ALL_EVENT_KINDS,
  WEBHOOK_EVENT_KINDS,
  ORDER_EVENT_KINDS,
  PRODUCT_EVENT_KINDS,
  SUBSCRIPTION_EVENT_KINDS,
  QUERY_EVENT_KINDS,
  FEEDBACK_EVENT_KINDS,
  DYNAMIC_DELIVERY_EVENT,
  WEBHOOK_HEADERS,
  isEventKind,
  isWebhookEventKind,
} from './contract/event-kinds.js'
export type { EventKind, WebhookEventKind, EventCategory } from './contract/event-kinds.js'
export {
  WebhookEventKindSchema,
  WebhookBodySchema,
  OrderEventDataSchema,
  ProductEventDataSchema,
  SubscriptionEventDataSchema,
  MysteryRevealedDataSchema,
  QueryEventDataSchema,
  FeedbackEventDataSchema,
  DynamicDeliveryPayloadSchema,
  validateWebhookPayload,
} from './contract/events.js'
export type {
  WebhookBody,
  OrderEventData,
  ProductEventData,
  SubscriptionEventData,
  MysteryRevealedData,
  QueryEventData,
  FeedbackEventData,
  DynamicDeliveryPayload,
  PayloadCheck,
} from './contract/events.js'
