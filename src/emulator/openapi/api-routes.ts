import { z } from 'zod'
import {
  BlacklistEntrySchema,
  BlacklistListSchema,
  CreateBlacklistBodySchema,
  UpdateBlacklistBodySchema,
} from '../../spec/blacklists.js'
import {
  CategoryListSchema,
  CategorySchema,
  CreateCategoryBodySchema,
  UpdateCategoryBodySchema,
} from '../../spec/categories.js'
import { NoQuerySchema, SuccessSchema } from '../../spec/common.js'
import {
  CouponListQuerySchema,
  CouponListSchema,
  CouponSchema,
  CreateCouponBodySchema,
  UpdateCouponBodySchema,
} from '../../spec/coupons.js'
import { CustomerDetailSchema, CustomerListQuerySchema, CustomerListSchema } from '../../spec/customers.js'
import { CreateGroupBodySchema, GroupListSchema, GroupSchema, UpdateGroupBodySchema } from '../../spec/groups.js'
import { OrderListQuerySchema, OrderListSchema, OrderSchema, UpdateOrderBodySchema } from '../../spec/orders.js'
import {
  CreateProductBodySchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductSchema,
  UpdateProductBodySchema,
} from '../../spec/products.js'
import { SubscriptionListSchema, SubscriptionSchema } from '../../spec/subscriptions.js'
import { ThemeListSchema, ThemeSchema, UpdateThemeBodySchema } from '../../spec/themes.js'
import { json, type Route } from './routes.js'

/** The OpenAPI document itself, as its own route describes it. */
export const OpenApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .meta({ description: 'An OpenAPI 3.1 document.' })

const PRODUCT_ID = 'The product id or its `rec_…` productId.'
const ORDER_ID = 'The order id or its `ORD-…` order number (any case).'

/**
 * A resource with list, read, create, update and delete (spec, "Endpoints"): the routes every
 * such family shares, with its own schemas and words.
 */
function crud(o: {
  tag: string
  path: string
  /** Operation id words: `listProducts`, `getProduct`. */
  name: [one: string, many: string]
  one: string
  plural: string
  schema: z.ZodType
  list: z.ZodType
  listQuery?: z.ZodType<unknown, Record<string, unknown>>
  listWords: string
  create: z.ZodType
  update: z.ZodType
  idWords?: string
  createWords?: string
  updateWords?: string
  deleteWords?: string
  conflicts?: string
}): Route[] {
  const id = { id: o.idWords ?? `The ${o.one}'s id.` }
  const [Name, Names] = o.name
  const conflict: Route['errors'] = o.conflicts ? [[409, o.conflicts]] : []
  return [
    {
      method: 'get',
      path: o.path,
      operationId: `list${Names}`,
      summary: `List ${o.plural}`,
      description: o.listWords,
      tag: o.tag,
      query: o.listQuery ?? NoQuerySchema,
      ok: { status: 200, description: `\`{ ${o.tag}: [...] }\``, content: json(o.list) },
    },
    {
      method: 'get',
      path: `${o.path}/{id}`,
      operationId: `get${Name}`,
      summary: `Read a ${o.one}`,
      tag: o.tag,
      params: id,
      ok: { status: 200, description: `The ${o.one}.`, content: json(o.schema) },
    },
    {
      method: 'post',
      path: o.path,
      operationId: `create${Name}`,
      summary: `Create a ${o.one}`,
      ...(o.createWords ? { description: o.createWords } : {}),
      tag: o.tag,
      body: o.create,
      ok: { status: 201, description: `The created ${o.one}.`, content: json(o.schema) },
      errors: conflict,
    },
    {
      method: 'put',
      path: `${o.path}/{id}`,
      operationId: `update${Name}`,
      summary: `Update a ${o.one}`,
      description: `Applies only the fields sent.${o.updateWords ? ` ${o.updateWords}` : ''}`,
      tag: o.tag,
      params: id,
      body: o.update,
      ok: { status: 200, description: `The updated ${o.one}.`, content: json(o.schema) },
      errors: conflict,
    },
    {
      method: 'delete',
      path: `${o.path}/{id}`,
      operationId: `delete${Name}`,
      summary: `Delete a ${o.one}`,
      description: o.deleteWords ?? 'Permanent.',
      tag: o.tag,
      params: id,
      ok: { status: 200, description: '`{ "success": true }`', content: json(SuccessSchema) },
    },
  ]
}

/** Every route of `/api/v1` (spec, "Endpoints"), relative to the server `…/api/v1`. */
export const API_ROUTES: Route[] = [
  ...crud({
    tag: 'products',
    path: '/products',
    name: ['Product', 'Products'],
    one: 'product',
    plural: 'products',
    schema: ProductSchema,
    list: ProductListSchema,
    listQuery: ProductListQuerySchema,
    listWords:
      "Live products only, newest created first. `limit` defaults to 100 (at most 250); pass the previous answer's `nextCursor` as `cursor` for the next page; `nextCursor` is null at the end.",
    create: CreateProductBodySchema,
    update: UpdateProductBodySchema,
    idWords: PRODUCT_ID,
    createWords:
      'Every one of the eight types is accepted. `status` defaults to Draft (Live makes it visible on the storefront), `currency` to USD, `stock` to null (unlimited).',
    deleteWords: 'Permanent; its fulfilment setup and code pools go with it.',
  }),
  {
    method: 'get',
    path: '/orders',
    operationId: 'listOrders',
    summary: 'List orders',
    description: 'Most recent first, scoped to the shop. `limit` defaults to 50 (at most 200).',
    tag: 'orders',
    query: OrderListQuerySchema,
    ok: { status: 200, description: '`{ orders: [...] }` with their items.', content: json(OrderListSchema) },
  },
  {
    method: 'get',
    path: '/orders/{id}',
    operationId: 'getOrder',
    summary: 'Read an order',
    description:
      'With its full item list; mystery-box lines carry every open with its verification fields, and delivered content appears on each line.',
    tag: 'orders',
    params: { id: ORDER_ID },
    ok: { status: 200, description: 'The order.', content: json(OrderSchema) },
  },
  {
    method: 'put',
    path: '/orders/{id}',
    operationId: 'updateOrder',
    summary: "Set an order's status",
    description:
      "For marking orders completed or cancelled by hand. Emulator: any of the five statuses may follow any other; the current status again changes nothing. `refunded` is a refund: paymentStatus becomes `refunded` and the money received leaves the customer's totalSpent; delivered goods, stock, codes and the coupon's use stay. Other statuses leave paymentStatus as it is.",
    tag: 'orders',
    params: { id: ORDER_ID },
    body: UpdateOrderBodySchema,
    ok: { status: 200, description: 'The updated order.', content: json(OrderSchema) },
    errors: [[409, '`refunded` for an order that took no payment: nothing to refund (cancel it instead).']],
  },
  ...crud({
    tag: 'coupons',
    path: '/coupons',
    name: ['Coupon', 'Coupons'],
    one: 'coupon',
    plural: 'coupons',
    schema: CouponSchema,
    list: CouponListSchema,
    listQuery: CouponListQuerySchema,
    listWords: '`active=true` lists only active coupons (`false` only inactive ones). Emulator: newest first.',
    create: CreateCouponBodySchema,
    update: UpdateCouponBodySchema,
    createWords: 'The code is stored uppercased; `active` defaults to true.',
    updateWords:
      '`expiresAt: null` removes the expiry; `minAmount` cannot be changed (the spec lists no such update field).',
    conflicts: 'A coupon with this code already exists in the shop.',
    idWords: "The coupon's id. Emulator: or its code, in any case.",
  }),
  ...crud({
    tag: 'blacklists',
    path: '/blacklists',
    name: ['BlacklistEntry', 'Blacklists'],
    one: 'blacklist entry',
    plural: 'blacklist entries',
    schema: BlacklistEntrySchema,
    list: BlacklistListSchema,
    listWords: 'Visitors matching an entry cannot use the storefront. Emulator: newest first.',
    create: CreateBlacklistBodySchema,
    update: UpdateBlacklistBodySchema,
    createWords:
      '`value` is an IPv4 or IPv6 address for IP, a 2-letter country code for COUNTRY (uppercased), an e-mail address for EMAIL (lowercased).',
    deleteWords: 'The visitor is no longer blocked.',
    conflicts: 'An entry with this type and value already exists.',
  }),
  ...crud({
    tag: 'categories',
    path: '/categories',
    name: ['Category', 'Categories'],
    one: 'category',
    plural: 'categories',
    schema: CategorySchema,
    list: CategoryListSchema,
    listWords: 'Sorted by sortOrder (lower first), then creation date, with their bound products and groups.',
    create: CreateCategoryBodySchema,
    update: UpdateCategoryBodySchema,
    updateWords: 'Passing `productIds` or `groupIds` replaces the whole bound list.',
    deleteWords: 'Bound products and groups are kept.',
  }),
  ...crud({
    tag: 'groups',
    path: '/groups',
    name: ['Group', 'Groups'],
    one: 'group',
    plural: 'groups',
    schema: GroupSchema,
    list: GroupListSchema,
    listWords: 'Groups (bundles) with their products.',
    create: CreateGroupBodySchema,
    update: UpdateGroupBodySchema,
    updateWords: '`productIds` replaces the full product list; description and image are set on create only.',
    deleteWords: 'Member products are kept.',
  }),
  {
    method: 'get',
    path: '/customers',
    operationId: 'listCustomers',
    summary: 'List customers',
    description:
      'Customers who placed orders, newest created first. Emulator: `limit` defaults to 50 (at most 200); customers are kept per shop by e-mail from checkouts.',
    tag: 'customers',
    query: CustomerListQuerySchema,
    ok: { status: 200, description: '`{ customers: [...] }`', content: json(CustomerListSchema) },
  },
  {
    method: 'get',
    path: '/customers/{id}',
    operationId: 'getCustomer',
    summary: 'Read a customer',
    description:
      'With order stats and notes. Emulator: `stats` is `{paidOrders, unpaidOrders, averageOrderValue, firstOrderAt}`, `notes` is `[{text, createdAt}]`.',
    tag: 'customers',
    params: { id: "The customer's id or e-mail address." },
    ok: { status: 200, description: 'The customer with stats and notes.', content: json(CustomerDetailSchema) },
  },
  {
    method: 'get',
    path: '/subscriptions',
    operationId: 'listSubscriptions',
    summary: 'List subscriptions',
    description: 'With product and customer details. Emulator: newest first.',
    tag: 'subscriptions',
    query: NoQuerySchema,
    ok: { status: 200, description: '`{ subscriptions: [...] }`', content: json(SubscriptionListSchema) },
  },
  {
    method: 'get',
    path: '/subscriptions/{id}',
    operationId: 'getSubscription',
    summary: 'Read a subscription',
    description: 'Including processor ids and period end.',
    tag: 'subscriptions',
    params: { id: "The subscription's id." },
    ok: { status: 200, description: 'The subscription.', content: json(SubscriptionSchema) },
  },
  {
    method: 'get',
    path: '/themes',
    operationId: 'listThemes',
    summary: 'List themes',
    description: 'The themes of the selected shop and which one is active.',
    tag: 'themes',
    query: NoQuerySchema,
    ok: { status: 200, description: '`{ activeThemeId, themes: [...] }`', content: json(ThemeListSchema) },
  },
  {
    method: 'get',
    path: '/themes/{themeId}',
    operationId: 'getTheme',
    summary: 'Read a theme',
    description: 'The full bundle: summary fields, `config` and `files` (`theme.json` and `custom.css` as text).',
    tag: 'themes',
    params: { themeId: 'The theme id, typically `default`.' },
    ok: { status: 200, description: 'The theme.', content: json(ThemeSchema) },
  },
  {
    method: 'put',
    path: '/themes/{themeId}',
    operationId: 'updateTheme',
    summary: 'Update a theme',
    description:
      'Send `config` (normalised server-side: merged over the defaults section by section, unknown keys kept) and/or `files` (a partial object: `theme.json` object, `custom.css` string). Emulator: neither answers 400 `config: send config and/or files`; `config` and `files["theme.json"]` together answer 400.',
    tag: 'themes',
    params: { themeId: 'The theme id, typically `default`.' },
    body: UpdateThemeBodySchema,
    ok: { status: 200, description: 'The updated theme, same shape as the GET.', content: json(ThemeSchema) },
  },
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getApiDocument',
    summary: 'This document',
    description:
      'OpenAPI 3.1 of `/api/v1`, generated from the schemas the emulator validates with. Public: no key needed.',
    tag: 'documents',
    auth: false,
    query: NoQuerySchema,
    ok: { status: 200, description: 'The document.', content: json(OpenApiDocumentSchema) },
  },
]
