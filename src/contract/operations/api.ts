import {
  CURSOR_NOT_ISSUED,
  STOCK_FOLLOWS_POOL,
  CreateProductBodySchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductSchema,
  UpdateProductBodySchema,
  UNKNOWN_PRODUCT,
} from '../products.js'
import { errorCases } from '../refusals.js'
import { type OperationInput, answer } from './operation.js'
import { resourceOperations } from './resource.js'
import { OrderListQuerySchema, OrderListSchema, OrderSchema, UpdateOrderBodySchema } from '../orders.js'
import {
  COUPON_CODE_TAKEN,
  COUPON_PERCENT_ABOVE_100,
  CouponListQuerySchema,
  CouponListSchema,
  CouponSchema,
  CreateCouponBodySchema,
  UpdateCouponBodySchema,
} from '../coupons.js'
import {
  BLACKLIST_DUPLICATE,
  BLACKLIST_VALUE_UNFIT,
  BlacklistEntrySchema,
  BlacklistListSchema,
  CreateBlacklistBodySchema,
  UpdateBlacklistBodySchema,
} from '../blacklists.js'
import { NoQuerySchema } from '../common.js'
import {
  UNKNOWN_GROUP,
  CategoryListSchema,
  CategorySchema,
  CreateCategoryBodySchema,
  UpdateCategoryBodySchema,
} from '../categories.js'
import { CreateGroupBodySchema, GroupListSchema, GroupSchema, UpdateGroupBodySchema } from '../groups.js'
import { CustomerDetailSchema, CustomerListQuerySchema, CustomerListSchema } from '../customers.js'
import { SubscriptionListSchema, SubscriptionSchema } from '../subscriptions.js'
import { ThemeListSchema, ThemeSchema, UpdateThemeBodySchema } from '../themes.js'

const product = resourceOperations({
  path: '/products',
  one: 'a product',
  id: 'The product id or its `rec_…` productId.',
})
const order = resourceOperations({
  path: '/orders',
  one: 'an order',
  id: 'The order id or its `ORD-…` order number (any case).',
})
const coupon = resourceOperations({
  path: '/coupons',
  one: 'a coupon',
  id: "The coupon's id. Emulator: or its code, in any case.",
})
const entry = resourceOperations({
  path: '/blacklists',
  one: 'a blacklist entry',
  many: 'blacklist entries',
  id: "The blacklist entry's id.",
})
const category = resourceOperations({ path: '/categories', one: 'a category', id: "The category's id." })
const group = resourceOperations({ path: '/groups', one: 'a group', id: "The group's id." })
const customer = resourceOperations({
  path: '/customers',
  one: 'a customer',
  id: "The customer's id or e-mail address.",
})
const subscription = resourceOperations({ path: '/subscriptions', one: 'a subscription', id: "The subscription's id." })
const theme = resourceOperations({
  path: '/themes',
  one: 'a theme',
  id: 'The theme id, typically `default`.',
  param: 'themeId',
})

export const API_OPERATION_TABLE = {
  listProducts: product.list(ProductListSchema, {
    description:
      "Live products only, newest created first. `limit` defaults to 100 (at most 250); pass the previous answer's `nextCursor` as `cursor` for the next page; `nextCursor` is null at the end.",
    query: ProductListQuerySchema,
    errors: errorCases(CURSOR_NOT_ISSUED),
  }),
  getProduct: product.get(ProductSchema),
  createProduct: product.create(CreateProductBodySchema, ProductSchema, {
    description:
      'Every one of the eight types is accepted. `status` defaults to Draft (Live makes it visible on the storefront), `currency` to USD, `stock` to null (unlimited).',
  }),
  updateProduct: product.update(UpdateProductBodySchema, ProductSchema, {
    description: 'Applies only the fields sent.',
    errors: errorCases(STOCK_FOLLOWS_POOL),
  }),
  deleteProduct: product.delete({ description: 'Permanent; its fulfilment setup and code pools go with it.' }),
  listOrders: order.list(OrderListSchema, {
    description: 'Most recent first, scoped to the shop. `limit` defaults to 50 (at most 200).',
    query: OrderListQuerySchema,
  }),
  getOrder: order.get(OrderSchema, {
    description:
      'With its full item list; mystery-box lines carry every open with its verification fields, and delivered content appears on each line.',
  }),
  updateOrder: order.update(UpdateOrderBodySchema, OrderSchema, {
    summary: "Set an order's status",
    description:
      "For marking orders completed or cancelled by hand. Emulator: any of the five statuses may follow any other; the current status again changes nothing. `refunded` on an order that took money is a refund: paymentStatus becomes `refunded` and the money received leaves the customer's totalSpent; delivered goods, stock, codes and the coupon's use stay. On an order that took no money, and for every other status, only the status changes.",
  }),
  listCoupons: coupon.list(CouponListSchema, {
    description: '`active=true` lists only active coupons (`false` only inactive ones). Emulator: newest first.',
    query: CouponListQuerySchema,
  }),
  getCoupon: coupon.get(CouponSchema),
  createCoupon: coupon.create(CreateCouponBodySchema, CouponSchema, {
    description: 'The code is stored uppercased; `active` defaults to true.',
    errors: errorCases(COUPON_CODE_TAKEN),
  }),
  updateCoupon: coupon.update(UpdateCouponBodySchema, CouponSchema, {
    description:
      'Applies only the fields sent. `expiresAt: null` removes the expiry; `minAmount` cannot be changed (the spec lists no such update field).',
    errors: errorCases(COUPON_PERCENT_ABOVE_100, COUPON_CODE_TAKEN),
  }),
  deleteCoupon: coupon.delete({ description: 'Permanent.' }),
  listBlacklists: entry.list(BlacklistListSchema, {
    description: 'Visitors matching an entry cannot use the storefront. Emulator: newest first.',
    query: NoQuerySchema,
  }),
  getBlacklistEntry: entry.get(BlacklistEntrySchema),
  createBlacklistEntry: entry.create(CreateBlacklistBodySchema, BlacklistEntrySchema, {
    description:
      '`value` is an IPv4 or IPv6 address for IP, a 2-letter country code for COUNTRY (uppercased), an e-mail address for EMAIL (lowercased).',
    errors: errorCases(BLACKLIST_DUPLICATE),
  }),
  updateBlacklistEntry: entry.update(UpdateBlacklistBodySchema, BlacklistEntrySchema, {
    description: 'Applies only the fields sent.',
    errors: errorCases(BLACKLIST_VALUE_UNFIT, BLACKLIST_DUPLICATE),
  }),
  deleteBlacklistEntry: entry.delete({ description: 'The visitor is no longer blocked.' }),
  listCategories: category.list(CategoryListSchema, {
    description: 'Sorted by sortOrder (lower first), then creation date, with their bound products and groups.',
    query: NoQuerySchema,
  }),
  getCategory: category.get(CategorySchema),
  createCategory: category.create(CreateCategoryBodySchema, CategorySchema, {
    errors: errorCases(UNKNOWN_PRODUCT, UNKNOWN_GROUP),
  }),
  updateCategory: category.update(UpdateCategoryBodySchema, CategorySchema, {
    description: 'Applies only the fields sent. Passing `productIds` or `groupIds` replaces the whole bound list.',
    errors: errorCases(UNKNOWN_PRODUCT, UNKNOWN_GROUP),
  }),
  deleteCategory: category.delete({ description: 'Bound products and groups are kept.' }),
  listGroups: group.list(GroupListSchema, {
    description: 'Groups (bundles) with their products.',
    query: NoQuerySchema,
  }),
  getGroup: group.get(GroupSchema),
  createGroup: group.create(CreateGroupBodySchema, GroupSchema, { errors: errorCases(UNKNOWN_PRODUCT) }),
  updateGroup: group.update(UpdateGroupBodySchema, GroupSchema, {
    description:
      'Applies only the fields sent. `productIds` replaces the full product list; description and image are set on create only.',
    errors: errorCases(UNKNOWN_PRODUCT),
  }),
  deleteGroup: group.delete({ description: 'Member products are kept.' }),
  listCustomers: customer.list(CustomerListSchema, {
    description:
      'Customers who placed orders, newest created first. Emulator: `limit` defaults to 50 (at most 200); customers are kept per shop by e-mail from checkouts.',
    query: CustomerListQuerySchema,
  }),
  getCustomer: customer.get(CustomerDetailSchema, {
    description:
      'With order stats and notes. Emulator: `stats` is `{paidOrders, unpaidOrders, averageOrderValue, firstOrderAt}`, `notes` is `[{text, createdAt}]`.',
  }),
  listSubscriptions: subscription.list(SubscriptionListSchema, {
    description: 'With product and customer details. Emulator: newest first.',
    query: NoQuerySchema,
  }),
  getSubscription: subscription.get(SubscriptionSchema, { description: 'Including processor ids and period end.' }),
  listThemes: theme.list(ThemeListSchema, {
    description: 'The themes of the selected shop and which one is active.',
    query: NoQuerySchema,
    ok: answer(200, '`{ activeThemeId, themes: [...] }`', ThemeListSchema),
  }),
  getTheme: theme.get(ThemeSchema, {
    description: 'The full bundle: summary fields, `config` and `files` (`theme.json` and `custom.css` as text).',
  }),
  updateTheme: theme.update(UpdateThemeBodySchema, ThemeSchema, {
    description:
      'Send `config` (normalised server-side: merged over the defaults section by section, unknown keys kept) and/or `files` (a partial object: `theme.json` object, `custom.css` string). Emulator: neither answers 400 `config: send config and/or files`; sent together, `files["theme.json"]` is read first and `config` merged over it.',
    ok: answer(200, 'The updated theme, same shape as the GET.', ThemeSchema),
  }),
} satisfies Record<string, OperationInput>
