// The route table and generators of the fuzz suites (property-based fuzzing): every
// route of /api/v1, /_emulator, the JSON storefront and the dashboard's forms, fed generated bodies, queries and headers.
// test/reliability/fuzz.test.ts runs it briefly on every `npm test`; test/stress/fuzz.test.ts longer.
import fc from 'fast-check'
import { expect } from 'vitest'
import type * as z from 'zod'
import { CreateBlacklistBodySchema, UpdateBlacklistBodySchema } from '../../src/contract/blacklists.js'
import { CreateCategoryBodySchema, UpdateCategoryBodySchema } from '../../src/contract/categories.js'
import { CouponListQuerySchema, CreateCouponBodySchema, UpdateCouponBodySchema } from '../../src/contract/coupons.js'
import { CustomerListQuerySchema } from '../../src/contract/customers.js'
import { WEBHOOK_EVENT_KINDS } from '../../src/contract/events.js'
import {
  ClockAdvanceBodySchema,
  FulfilmentSetupBodySchema,
  PayBodySchema,
  QueryReplyBodySchema,
  TrackingBodySchema,
} from '../../src/contract/fulfilment.js'
import { CreateGroupBodySchema, UpdateGroupBodySchema } from '../../src/contract/groups.js'
import { OrderListQuerySchema, UpdateOrderBodySchema } from '../../src/contract/orders.js'
import {
  CreateProductBodySchema,
  ProductListQuerySchema,
  UpdateProductBodySchema,
} from '../../src/contract/products.js'
import { CreateKeyBodySchema, CreateShopBodySchema } from '../../src/contract/shops.js'
import { CheckoutBodySchema, CreateFeedbackBodySchema, CreateQueryBodySchema } from '../../src/contract/storefront.js'
import { UpdateThemeBodySchema } from '../../src/contract/themes.js'
import {
  CreateWebhookBodySchema,
  DeliveryLogQuerySchema,
  EventStreamQuerySchema,
  SimulateWebhookBodySchema,
} from '../../src/contract/webhooks.js'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'
import { addAccount, type TestEmulator } from './helpers.js'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
/** The kinds of record a path parameter names; each has ids that exist in the demo shop. */
type IdKind =
  | 'product'
  | 'order'
  | 'coupon'
  | 'blacklist'
  | 'category'
  | 'group'
  | 'customer'
  | 'subscription'
  | 'theme'
  | 'key'
  | 'webhook'
  | 'delivery'
  | 'query'
  | 'shop'

export interface Route {
  family: string
  method: Method
  /** With `{kind}` placeholders for ids. */
  path: string
  /** The strict body schema: its keys are the "valid keys" the generators fill with random values. */
  body?: z.ZodType
  query?: z.ZodType
  /** A body the route accepts: mutated a little, it reaches the handler's own rules instead of validation. */
  example?: Record<string, unknown>
  /** The kind of record a 2xx answer names (its `id`, or `order.id`): kept so later requests aim at it. */
  creates?: IdKind
  /** Public storefront route: no key, the shop by slug in the path. */
  isPublic?: boolean
  /** A dashboard form post: its field names. It answers with HTML pages and redirects, and gets form bodies. */
  form?: string[]
}

/** The foreign account every fuzz emulator holds: its key must not reach the demo shop, nor the demo key its shop. */
export const FOREIGN = { key: 'sk_live_foreignforeignforeignforeign00', slug: 'foreign' }

const HOOK_URL = 'http://127.0.0.1:9/hook'

export const ROUTES: Route[] = [
  ...resource('products', 'product', {
    list: ProductListQuerySchema,
    create: CreateProductBodySchema,
    update: UpdateProductBodySchema,
    remove: true,
    example: {
      name: 'Fuzz Key',
      price: 5,
      type: 'Serial',
      status: 'Live',
      stock: 3,
      description: 'd',
      currency: 'eur',
      unlisted: false,
    },
    updateExample: { name: 'Renamed', price: 3, status: 'Live', description: 'x', unlisted: true },
  }),
  ...resource('orders', 'order', {
    list: OrderListQuerySchema,
    update: UpdateOrderBodySchema,
    updateExample: { status: 'completed' },
  }),
  ...resource('coupons', 'coupon', {
    list: CouponListQuerySchema,
    create: CreateCouponBodySchema,
    update: UpdateCouponBodySchema,
    remove: true,
    example: {
      code: 'fuzz10',
      type: 'percentage',
      value: 10,
      usageLimit: 5,
      minAmount: 1,
      expiresAt: '2030-01-01T00:00:00.000Z',
      active: true,
    },
    updateExample: { code: 'FUZZ5', type: 'fixed', value: 5, usageLimit: null, active: false, expiresAt: null },
  }),
  ...resource('blacklists', 'blacklist', {
    create: CreateBlacklistBodySchema,
    update: UpdateBlacklistBodySchema,
    remove: true,
    example: { type: 'EMAIL', value: 'Bad@Example.com', reason: 'fraud' },
    updateExample: { type: 'COUNTRY', value: 'de', reason: null },
  }),
  ...resource('categories', 'category', {
    create: CreateCategoryBodySchema,
    update: UpdateCategoryBodySchema,
    remove: true,
    example: {
      name: 'Fuzz',
      sortOrder: 1,
      unlisted: false,
      productIds: ['prod_demo_serial', 'rec_demoMystery01'],
      groupIds: ['grp_demo_bundle'],
    },
  }),
  ...resource('groups', 'group', {
    create: CreateGroupBodySchema,
    update: UpdateGroupBodySchema,
    remove: true,
    example: {
      name: 'Fuzz Bundle',
      description: 'd',
      discountPercent: 15,
      image: 'https://example.com/i.png',
      sortOrder: 0,
      unlisted: false,
      productIds: ['prod_demo_serial', 'prod_demo_digital'],
    },
    updateExample: {
      name: 'B',
      discountPercent: 100,
      sortOrder: -5,
      unlisted: true,
      productIds: ['rec_demoMystery01'],
    },
  }),
  ...resource('customers', 'customer', { list: CustomerListQuerySchema }),
  ...resource('subscriptions', 'subscription', {}),
  ...resource('themes', 'theme', {
    update: UpdateThemeBodySchema,
    updateExample: { config: { primaryColor: '#123456', layout: 'grid' }, files: { 'custom.css': 'body{color:red}' } },
  }),

  { family: 'control', method: 'GET', path: '/_emulator/shops' },
  {
    family: 'control',
    method: 'POST',
    path: '/_emulator/shops',
    body: CreateShopBodySchema,
    example: { name: 'Fuzz Shop', slug: 'fuzz-shop' },
    creates: 'shop',
  },
  { family: 'control', method: 'GET', path: '/_emulator/keys' },
  {
    family: 'control',
    method: 'POST',
    path: '/_emulator/keys',
    body: CreateKeyBodySchema,
    example: { name: 'ci' },
    creates: 'key',
  },
  { family: 'control', method: 'DELETE', path: '/_emulator/keys/{key}' },
  { family: 'control', method: 'GET', path: '/_emulator/products/{product}/fulfilment' },
  {
    family: 'control',
    method: 'PUT',
    path: '/_emulator/products/{product}/fulfilment',
    body: FulfilmentSetupBodySchema,
    example: { deliveryMessage: 'thanks', serials: ['FZ-1', 'FZ-2', 'FZ-3'] },
  },
  {
    family: 'control',
    method: 'PUT',
    path: '/_emulator/products/{product}/fulfilment',
    body: FulfilmentSetupBodySchema,
    example: {
      mystery: {
        outcomes: [
          { name: 'Gold', weight: 1, stock: 1, codes: ['G-1'] },
          { name: 'Dust', weight: 9, stock: null },
        ],
      },
    },
  },
  {
    family: 'control',
    method: 'PUT',
    path: '/_emulator/products/{product}/fulfilment',
    body: FulfilmentSetupBodySchema,
    example: { files: [{ name: 'a.zip', url: 'https://example.com/a.zip' }], deliveryMessage: null },
  },
  {
    family: 'control',
    method: 'PUT',
    path: '/_emulator/products/{product}/fulfilment',
    body: FulfilmentSetupBodySchema,
    example: { dynamicWebhookUrl: HOOK_URL },
  },
  {
    family: 'control',
    method: 'PUT',
    path: '/_emulator/products/{product}/fulfilment',
    body: FulfilmentSetupBodySchema,
    example: { subscription: { interval: 'WEEK', intervalCount: 2, trialDays: 7 } },
  },
  {
    family: 'control',
    method: 'POST',
    path: '/_emulator/orders/{order}/pay',
    body: PayBodySchema,
    example: { amount: 1.5, gateway: 'card' },
  },
  { family: 'control', method: 'POST', path: '/_emulator/orders/{order}/deliver' },
  {
    family: 'control',
    method: 'POST',
    path: '/_emulator/orders/{order}/tracking',
    body: TrackingBodySchema,
    example: { code: 'TRACK-1', carrier: 'UPS' },
  },
  { family: 'control', method: 'POST', path: '/_emulator/orders/{order}/dispute' },
  { family: 'control', method: 'POST', path: '/_emulator/subscriptions/{subscription}/cancel' },
  { family: 'control', method: 'GET', path: '/_emulator/clock' },
  {
    family: 'control',
    method: 'POST',
    path: '/_emulator/clock/advance',
    body: ClockAdvanceBodySchema,
    example: { seconds: 86_400 * 31 },
  },
  { family: 'control', method: 'GET', path: '/_emulator/queries' },
  { family: 'control', method: 'GET', path: '/_emulator/queries/{query}' },
  {
    family: 'control',
    method: 'POST',
    path: '/_emulator/queries/{query}/reply',
    body: QueryReplyBodySchema,
    example: { message: 'we are on it' },
  },
  { family: 'control', method: 'GET', path: '/_emulator/feedback' },
  { family: 'webhooks', method: 'GET', path: '/_emulator/webhooks' },
  {
    family: 'webhooks',
    method: 'POST',
    path: '/_emulator/webhooks',
    body: CreateWebhookBodySchema,
    example: { url: HOOK_URL, events: ['order:paid', 'product:created', 'order:created'] },
    creates: 'webhook',
  },
  { family: 'webhooks', method: 'GET', path: '/_emulator/webhooks/{webhook}' },
  { family: 'webhooks', method: 'DELETE', path: '/_emulator/webhooks/{webhook}' },
  {
    family: 'webhooks',
    method: 'POST',
    path: '/_emulator/webhooks/{webhook}/simulate',
    body: SimulateWebhookBodySchema,
    example: { event: 'order:paid:product' },
    creates: 'delivery',
  },
  { family: 'webhooks', method: 'GET', path: '/_emulator/webhooks/logs', query: DeliveryLogQuerySchema },
  { family: 'webhooks', method: 'GET', path: '/_emulator/webhooks/logs/{delivery}' },
  { family: 'webhooks', method: 'POST', path: '/_emulator/webhooks/logs/{delivery}/resend', creates: 'delivery' },
  { family: 'webhooks', method: 'GET', path: '/_emulator/events', query: EventStreamQuerySchema },

  { family: 'storefront', method: 'GET', path: '/storefront/{shop}/products', isPublic: true },
  { family: 'storefront', method: 'GET', path: '/storefront/{shop}/products/{product}', isPublic: true },
  { family: 'storefront', method: 'GET', path: '/storefront/{shop}/groups/{group}', isPublic: true },
  {
    family: 'storefront',
    method: 'POST',
    path: '/storefront/{shop}/checkout',
    body: CheckoutBodySchema,
    isPublic: true,
    creates: 'order',
    example: {
      items: [
        { productId: 'rec_demoSerial001', quantity: 1 },
        { productId: 'rec_demoMystery01', quantity: 2 },
      ],
      email: 'Buyer@Example.com',
      name: 'Buyer',
      couponCode: 'welcome10',
      customFields: { note: 'hi', __mysteryClientSeed: 'seed' },
      gateway: 'card',
      ip: '10.0.0.1',
      country: 'us',
    },
  },
  {
    family: 'storefront',
    method: 'POST',
    path: '/storefront/{shop}/checkout',
    body: CheckoutBodySchema,
    isPublic: true,
    creates: 'order',
    example: { groupId: 'grp_demo_bundle', email: 'buyer@example.com' },
  },
  {
    family: 'storefront',
    method: 'POST',
    path: '/storefront/{shop}/checkout',
    body: CheckoutBodySchema,
    isPublic: true,
    creates: 'order',
    example: {
      items: [
        { productId: 'rec_demoPhysical1', quantity: 2 },
        { productId: 'rec_demoSubscr001' },
        { productId: 'rec_demoDynamic01' },
      ],
      email: 'ada@example.com',
    },
  },
  {
    family: 'storefront',
    method: 'POST',
    path: '/storefront/{shop}/queries',
    body: CreateQueryBodySchema,
    isPublic: true,
    creates: 'query',
    example: { email: 'ada@example.com', subject: 'Where is it?', message: 'Hello', orderId: 'ord_demo_1' },
  },
  { family: 'storefront', method: 'GET', path: '/storefront/{shop}/invoices/{order}/codes.txt', isPublic: true },
  { family: 'dashboard', method: 'POST', path: '/_dashboard/login', form: ['key', 'next'], isPublic: true },
  { family: 'dashboard', method: 'POST', path: '/_dashboard/logout', form: [], isPublic: true },
  {
    family: 'storefront',
    method: 'POST',
    path: '/storefront/{shop}/invoices/{order}/feedback',
    body: CreateFeedbackBodySchema,
    isPublic: true,
    example: { rating: 5, comment: 'great' },
  },
]

// fast-check prints a failing request's route and body by these, not by the zod schemas and bytes they hold.
for (const route of ROUTES)
  Object.defineProperty(route, fc.toStringMethod, {
    value: () =>
      `${route.method} ${route.path}${route.example ? ` (example ${JSON.stringify(route.example).slice(0, 60)})` : ''}`,
  })

interface ResourceSchemas {
  list?: z.ZodType
  create?: z.ZodType
  update?: z.ZodType
  remove?: boolean
  example?: Record<string, unknown>
  updateExample?: Record<string, unknown>
}

function resource(name: string, kind: IdKind, s: ResourceSchemas): Route[] {
  const base = `/api/v1/${name}`
  const family = `api ${name}`
  const routes: Route[] = [
    { family, method: 'GET', path: base, query: s.list },
    { family, method: 'GET', path: `${base}/{${kind}}` },
  ]
  if (s.create) routes.push({ family, method: 'POST', path: base, body: s.create, example: s.example, creates: kind })
  if (s.update)
    routes.push({
      family,
      method: 'PUT',
      path: `${base}/{${kind}}`,
      body: s.update,
      example: s.updateExample ?? s.example,
    })
  if (s.remove) routes.push({ family, method: 'DELETE', path: `${base}/{${kind}}` })
  return routes
}

/** The top-level keys of a strict object schema (refinements keep the shape). */
export function keysOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape ? Object.keys(shape) : []
}

// ---------------------------------------------------------------------------------------------
// Values

/** Ids that exist in the demo shop (and a few near misses), per kind. */
const IDS: Record<IdKind, string[]> = {
  product: [
    'prod_demo_serial',
    'rec_demoSerial001',
    'prod_demo_mystery',
    'rec_demoMystery01',
    'rec_demoDynamic01',
    'prod_demo_draft',
    'prod_demo_digital',
    'prod_demo_physical',
    'prod_demo_subscription',
    'prod_demo_infocard',
    'prod_demo_service',
    'REC_DEMOSERIAL001',
  ],
  order: ['ord_demo_1', 'ord_demo_2', 'ORD-1', 'ORD-2', 'ORD-0', 'ORD-99999999999999999999', 'ord-1'],
  coupon: ['cpn_demo_welcome', 'cpn_demo_five', 'cpn_demo_expired', 'WELCOME10'],
  blacklist: ['bl_demo_ip'],
  category: ['cat_demo_games', 'cat_demo_merch'],
  group: ['grp_demo_bundle'],
  customer: ['cus_demo_ada', 'cus_demo_alan', 'ada@example.com', 'ADA@EXAMPLE.COM'],
  subscription: ['sub_demo', 'sub_1'],
  theme: ['default', 'DEFAULT'],
  key: ['key_1'],
  webhook: ['wh_1'],
  delivery: ['dlv_1'],
  query: ['qry_1'],
  shop: ['demo', 'DEMO', FOREIGN.slug],
}

/** Strings a handler may act on: enum members, ids, e-mails, URLs, codes. */
const PLAUSIBLE = [
  'Serial',
  'Digital',
  'Physical',
  'Service',
  'Subscription',
  'InfoCard',
  'Dynamic',
  'MysteryBox',
  'Live',
  'Draft',
  'Archived',
  'percentage',
  'fixed',
  'IP',
  'EMAIL',
  'COUNTRY',
  'ip',
  'email',
  'country',
  'pending',
  'completed',
  'cancelled',
  'refunded',
  'processing',
  'DAY',
  'WEEK',
  'MONTH',
  'YEAR',
  'USD',
  'eur',
  'US',
  'DE',
  '203.0.113.66',
  '::1',
  '10.0.0.1',
  'buyer@example.com',
  'ada@example.com',
  'http://127.0.0.1:9/hook',
  'https://example.com/x.zip',
  'javascript:alert(1)',
  'WELCOME10',
  'FIVEOFF',
  'SUMMER25',
  'true',
  'false',
  '2030-01-01T00:00:00.000Z',
  '2020-01-01T00:00:00.000Z',
  'second',
  'demo',
  FOREIGN.slug,
  ...WEBHOOK_EVENT_KINDS,
  ...Object.values(IDS).flat(),
]

/** Strings that have broken parsers and renderers before: empty, control characters, lone surrogates, markup, very long. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  '\u0000abc',
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  '\u202E',
  '\uFEFF',
  '💥',
  '𝕏'.repeat(201),
  'é'.repeat(200),
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '%',
  '%ZZ',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe sent as plain text
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'a'.repeat(201),
  'a'.repeat(10_001),
]

const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  0.001,
  0.1 + 0.2,
  99.999,
  100,
  100.0001,
  1e9,
  1e9 + 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  -1e21,
  1e300,
  -1e300,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  5e-324,
  1e-7,
  10_000,
  10_001,
  1_000_000_001,
]

const anyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 20 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(...PLAUSIBLE),
)

const anyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer({ min: -2, max: 12 }),
)

const scalar: fc.Arbitrary<unknown> = fc.oneof(anyString, anyString, anyNumber, fc.boolean(), fc.constant(null))

/** A value for a known key: mostly scalars and plausible shapes (item lists, outcome tables), sometimes any JSON. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...IDS.product, ...IDS.group), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(anyString, scalar, { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.record(
        { productId: fc.oneof(fc.constantFrom(...IDS.product), anyString), quantity: anyNumber },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      outcomes: fc.array(
        fc.record(
          {
            name: anyString,
            weight: anyNumber,
            stock: fc.oneof(anyNumber, fc.constant(null)),
            codes: fc.array(anyString, { maxLength: 3 }),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 3 },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.array(fc.record({ name: anyString, url: anyString }, { requiredKeys: [] }), { maxLength: 3 }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ interval: anyString, intervalCount: anyNumber, trialDays: anyNumber }, { requiredKeys: [] }),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      { 'theme.json': fc.dictionary(anyString, scalar, { maxKeys: 3 }), 'custom.css': anyString },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

/** An object with the route's own keys (a random subset) holding random values, plus now and then an unknown key. */
function validKeyObject(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  if (keys.length === 0) return fc.dictionary(anyString, scalar, { maxKeys: 3 })
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, fieldValue])), { requiredKeys: [] })
  return fc
    .tuple(record, fc.option(fc.tuple(anyString, scalar), { freq: 5 }))
    .map(([o, extra]) => (extra ? { ...o, [extra[0]]: extra[1] } : o))
}

/** JSON text with what JSON.stringify cannot produce: numbers beyond double range, prototype keys, duplicate keys. */
function rawJsonText(keys: string[]): fc.Arbitrary<string> {
  const key = keys.length ? fc.constantFrom(...keys) : anyString
  const hugeNumber = fc.constantFrom(
    '1e309',
    '-1e309',
    '1e-400',
    '123456789012345678901234567890',
    '0.0000000000000000000000000001',
    '-0',
    '1E+400',
    '9007199254740993',
  )
  const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype')
  return fc.oneof(
    fc.tuple(key, hugeNumber).map(([k, n]) => `{${JSON.stringify(k)}:${n}}`),
    fc.tuple(validKeyObject(keys), key, hugeNumber).map(([o, k, n]) => insert(o, `${JSON.stringify(k)}:[${n}]`)),
    fc
      .tuple(validKeyObject(keys), protoKey, scalar)
      .map(([o, p, v]) => insert(o, `${JSON.stringify(p)}:{"polluted":${JSON.stringify(v ?? null)},"isAdmin":true}`)),
    fc.tuple(key, protoKey).map(([k, p]) => `{${JSON.stringify(k)}:{${JSON.stringify(p)}:{"polluted":true}}}`),
    fc.tuple(key, protoKey).map(([k, p]) => `{${JSON.stringify(k)}:[{"a":{${JSON.stringify(p)}:{"x":1}}}]}`),
    fc
      .tuple(key, scalar, scalar)
      .map(
        ([k, a, b]) =>
          `{${JSON.stringify(k)}:${JSON.stringify(a ?? null)},${JSON.stringify(k)}:${JSON.stringify(b ?? null)}}`,
      ),
  )
}

/** The example with a few fields dropped or given random values (none at all: the example as it is). */
function mutated(example: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(example)
  if (keys.length === 0) return fc.constant(example)
  const change = fc.tuple(fc.constantFrom(...keys), fc.option(fieldValue, { freq: 4, nil: undefined }))
  return fc
    .oneof(
      { weight: 2, arbitrary: fc.constant([]) },
      { weight: 3, arbitrary: fc.array(change, { minLength: 1, maxLength: 2 }) },
    )
    .map((changes) => {
      const out: Record<string, unknown> = { ...example }
      for (const [key, value] of changes) {
        if (value === undefined) delete out[key]
        else out[key] = value
      }
      return out
    })
}

function insert(o: Record<string, unknown>, member: string): string {
  const text = JSON.stringify(o)
  return text === '{}' ? `{${member}}` : `${text.slice(0, -1)},${member}}`
}

/** Arrays or objects nested `depth` deep, at the top or under a known key. */
const deepJson = (keys: string[]) =>
  fc
    .record({
      depth: fc.oneof(fc.integer({ min: 15, max: 30 }), fc.integer({ min: 1000, max: 200_000 })),
      open: fc.constantFrom('[', '{"a":'),
      key: fc.option(fc.constantFrom(...(keys.length ? keys : ['x'])), { nil: undefined }),
    })
    .map(({ depth, open, key }) => {
      const nested = `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`
      return key === undefined ? nested : `{${JSON.stringify(key)}:${nested}}`
    })

const longString = (keys: string[]) =>
  fc
    .tuple(
      fc.constantFrom(...(keys.length ? keys : ['x'])),
      fc.constantFrom(199, 200, 201, 254, 255, 2000, 2001, 10_000, 10_001, 200_001, 1_100_000),
      fc.constantFrom('a', 'é', '💥', '\\u0000', '<'),
    )
    .map(([k, n, ch]) => `{${JSON.stringify(k)}:"${ch.repeat(ch.startsWith('\\') ? Math.min(n, 100_000) : n)}"}`)

export interface Body {
  bytes: Uint8Array
  describe: string
  /** Headers that go with this body (a form's Content-Type and Origin), over the generated ones. */
  headers?: Record<string, string>
}
function body(bytes: Uint8Array, describe: string, headers?: Record<string, string>): Body {
  const made = { bytes, describe, ...(headers ? { headers } : {}) }
  Object.defineProperty(made, fc.toStringMethod, {
    value: () =>
      `${describe}, ${bytes.length} bytes: ${JSON.stringify(Buffer.from(bytes.subarray(0, 200)).toString('utf8'))}`,
  })
  return made
}
const utf8 = (text: string, describe: string, headers?: Record<string, string>): Body =>
  body(new TextEncoder().encode(text), describe, headers)

/** Every kind of body the suite sends, weighted towards objects with the route's keys (they reach the handlers). */
export function bodyArb(
  schema: z.ZodType | undefined,
  example?: Record<string, unknown>,
): fc.Arbitrary<Body | undefined> {
  const keys = keysOf(schema)
  return fc.oneof(
    {
      weight: example ? 24 : 0,
      arbitrary: mutated(example ?? {}).map((o) => utf8(JSON.stringify(o), 'the example, mutated')),
    },
    { weight: 10, arbitrary: validKeyObject(keys).map((o) => utf8(JSON.stringify(o), 'valid keys, random values')) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => utf8(JSON.stringify(v) ?? 'null', 'any JSON value')) },
    {
      weight: 2,
      arbitrary: fc
        .jsonValue()
        .map((v) => new TextEncoder().encode(JSON.stringify(v) ?? 'null'))
        .map((bytes) => body(bytes.subarray(0, Math.max(0, bytes.length - 1)), 'truncated JSON')),
    },
    {
      weight: 3,
      arbitrary: rawJsonText(keys).map((t) => utf8(t, 'raw JSON: huge numbers, prototype or duplicate keys')),
    },
    { weight: 1, arbitrary: deepJson(keys).map((t) => utf8(t, 'deep nesting')) },
    { weight: 1, arbitrary: longString(keys).map((t) => utf8(t, 'long string')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => body(bytes, 'raw bytes')) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', ' ', '\n', 'null', '[]', '""', '0', 'true', '{', '{"', '\uFEFF{}', 'a=1&b=2')
        .map((t) => utf8(t, 'edge text')),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
}

/** What `next` and other form fields have broken before: header-splitting bytes, other sites, look-alike paths. */
const FORM_VALUES = [
  TEST_KEY,
  ` ${TEST_KEY} `,
  '/_dashboard',
  '/_dashboard/orders?shop=demo',
  '/_dashboard\r\nSet-Cookie: stolen=1',
  '/_dashboard/orders\n',
  '/_dashboard/\u0000',
  '/_dashboard/💥',
  '/_dashboard/é',
  '/_dashboardx',
  '//rebind.example/_dashboard',
  'https://rebind.example/',
  '/_dashboard\\..\\x',
  '/_dashboard/%0d%0aX:%20y',
  'javascript:alert(1)',
]

const formValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FORM_VALUES) },
  { weight: 2, arbitrary: anyString },
)

/** The Origin of a form post: mostly the dashboard's own, sometimes none or another site. */
const formOrigin = fc.oneof(
  { weight: 8, arbitrary: fc.constant('http://localhost') },
  { weight: 1, arbitrary: fc.constantFrom('http://rebind.example', 'null', 'http://127.0.0.1:9') },
  { weight: 1, arbitrary: fc.constant(undefined) },
)

const FORM_TYPE = 'application/x-www-form-urlencoded'

/** A multipart body of `fields`, then broken (or not) in one of the ways parsers trip over. */
function multipart(fields: [string, string][], flaw: string, boundary: string): { type: string; text: string } {
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  const whole = `${parts.join('')}--${boundary}--\r\n`
  const type = `multipart/form-data; boundary=${boundary}`
  switch (flaw) {
    case 'none':
      return { type, text: whole }
    case 'no boundary parameter':
      return { type: 'multipart/form-data', text: whole }
    case 'another boundary':
      return { type: 'multipart/form-data; boundary=other', text: whole }
    case 'cut short':
      return { type, text: whole.slice(0, Math.max(0, whole.length - 9)) }
    case 'no closing boundary':
      return { type, text: parts.join('') }
    case 'no part headers':
      return { type, text: `--${boundary}\r\n\r\nvalue\r\n--${boundary}--\r\n` }
    case 'empty':
      return { type, text: '' }
    default:
      return { type, text: `${whole}garbage` }
  }
}

/** Bodies for a dashboard form: url-encoded and multipart, well-formed or broken, and now and then any body at all. */
export function formBodyArb(fields: string[]): fc.Arbitrary<Body | undefined> {
  const names = fields.length ? fc.constantFrom(...fields, 'other') : fc.constant('other')
  const pairs = fc.array(fc.tuple(names, formValue), { maxLength: 4 })
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(pairs, formOrigin).map(([p, origin]) =>
        utf8(new URLSearchParams(p).toString(), 'url-encoded form', {
          'content-type': FORM_TYPE,
          ...(origin ? { origin } : {}),
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('key=%ZZ', 'next=%0d%0a', 'key', '=&=&', `key=${TEST_KEY}&next=%00`, '%'), formOrigin)
        .map(([text, origin]) =>
          utf8(text, 'raw url-encoded text', { 'content-type': FORM_TYPE, ...(origin ? { origin } : {}) }),
        ),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          pairs,
          fc.constantFrom(
            'none',
            'no boundary parameter',
            'another boundary',
            'cut short',
            'no closing boundary',
            'no part headers',
            'empty',
            'trailing garbage',
          ),
          fc.constantFrom('----fuzz', 'x', 'a'.repeat(70), '"quoted"'),
          formOrigin,
        )
        .map(([p, flaw, boundary, origin]) => {
          const { type, text } = multipart(p, flaw, boundary)
          return utf8(text, `multipart form (${flaw})`, { 'content-type': type, ...(origin ? { origin } : {}) })
        }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.uint8Array({ maxLength: 300 }), formOrigin).map(([bytes, origin]) =>
        body(bytes, 'raw bytes as multipart', {
          'content-type': 'multipart/form-data; boundary=x',
          ...(origin ? { origin } : {}),
        }),
      ),
    },
    { weight: 1, arbitrary: bodyArb(undefined) },
  )
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'application/json;charset=latin1',
  'text/json',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/octet-stream',
  'application/xml',
  '*/*',
  'json',
  'application/',
  ';',
  '',
]

/** A header value Headers accepts: visible Latin-1 and spaces (no CR, LF or NUL), trimmed by fetch anyway. */
const headerText = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
    .map((n) => String.fromCharCode(n)),
  maxLength: 60,
})

export interface Headers_ {
  authorization?: string
  shop?: string
  contentType?: string
  accept?: string
  lastEventId?: string
}

/** Header values, valid most of the time so that requests get past auth. */
export const headersArb: fc.Arbitrary<Headers_> = fc.record({
  authorization: fc.oneof(
    { weight: 24, arbitrary: fc.constant(`Bearer ${TEST_KEY}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `bearer ${TEST_KEY}`,
        `Bearer   ${TEST_KEY}  `,
        `Bearer ${TEST_KEY} extra`,
        `Basic ${Buffer.from(`${TEST_KEY}:`).toString('base64')}`,
        TEST_KEY,
        'Bearer',
        'Bearer ',
        `Bearer ${TEST_KEY.slice(0, -1)}`,
        `Bearer ${TEST_KEY}x`,
        `Bearer ${TEST_KEY.toUpperCase()}`,
        `Bearer ${FOREIGN.key}`,
        `Bearer ${'k'.repeat(5000)}`,
      ),
    },
    { weight: 1, arbitrary: headerText.map((t) => `Bearer ${t}`) },
    { weight: 1, arbitrary: headerText },
  ),
  shop: fc.oneof(
    { weight: 16, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('demo', 'DEMO', ' demo ', FOREIGN.slug, 'nope', '', ' ', 'shop_1', 'x'.repeat(3000)),
    },
    { weight: 1, arbitrary: headerText },
  ),
  contentType: fc.oneof(
    { weight: 24, arbitrary: fc.constant('application/json') },
    { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: headerText },
  ),
  accept: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    fc.constantFrom('application/json', 'text/html', '*/*', 'text/event-stream', 'application/xml', ''),
    headerText,
  ),
  lastEventId: fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('0', '1', '-1', '999999999999999', '9999999999999999999999', '1.5', ' 3 ', 'abc', ''),
    },
    { weight: 1, arbitrary: headerText },
  ),
})

/** A query string: the route's own parameters and strangers, with odd values, repeats and broken escapes. */
export function queryArb(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const keys = [...keysOf(schema), 'api_key', 'key', 'limit', 'cursor', 'format', '__proto__', '']
  const value = fc.oneof(
    fc.constantFrom(
      '',
      '0',
      '1',
      '-1',
      '50',
      '250',
      '251',
      '1e3',
      '0x10',
      '1.5',
      'NaN',
      'Infinity',
      'true',
      'false',
      'abc',
      '%',
      '%ZZ',
      '%00',
      '%E2%82',
      '+',
      'pending',
      'delivered',
      'order:paid,product:created',
      'nope:kind',
      'x'.repeat(300),
    ),
    anyString.map(percentEncode),
    headerText.map(percentEncode),
  )
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...keys), anyString.map(percentEncode)),
    fc.option(value, { nil: undefined }),
  )
  return fc
    .array(pair, { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join('&')}` : ''))
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) becomes the percent-escaped
 * bytes of its WTF-8 form: not UTF-8, which is exactly what a server must survive.
 */
function percentEncode(s: string): string {
  return s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (ch) => {
    if (ch.length === 2 || ch.charCodeAt(0) < 0xd800 || ch.charCodeAt(0) > 0xdfff) return encodeURIComponent(ch)
    const c = ch.charCodeAt(0)
    return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
      .map((b) => `%${b.toString(16).toUpperCase()}`)
      .join('')
  })
}

/** A placeholder filled when the request is sent: the n-th id of that kind the emulator answered with so far. */
export interface Harvested {
  kind: IdKind
  pick: number
}
type PathPart = string | Harvested

/** An id for a placeholder: one that exists, one made earlier in the run, a near miss, or anything (escaped to stay one segment). */
function idArb(kind: IdKind): fc.Arbitrary<PathPart> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...IDS[kind]) },
    { weight: 4, arbitrary: fc.nat().map((pick): Harvested => ({ kind, pick })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%ZZ',
        '%00',
        '%2F',
        '%2F..%2F',
        'x'.repeat(2000),
        '%F0%9F%92%A5',
        '%C0%AF',
        '%EF%BF%BF',
      ),
    },
    { weight: 2, arbitrary: anyString.filter((s) => s.length > 0).map(percentEncode) },
  )
}

function pathArb(template: string): fc.Arbitrary<PathPart[]> {
  const parts = template.split(/(\{\w+\})/)
  return fc.tuple(
    ...parts.map(
      (part): fc.Arbitrary<PathPart> =>
        /^\{\w+\}$/.test(part) ? idArb(part.slice(1, -1) as IdKind) : fc.constant(part),
    ),
  )
}

export interface FuzzRequest {
  route: Route
  method: string
  path: PathPart[]
  query: string
  headers: Headers_
  body?: Body
}

/** A request to one of `routes`: mostly its own method, sometimes another (405 or another route). */
export function requestArb(routes: Route[]): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((route) =>
    fc.record({
      route: fc.constant(route),
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
      ),
      path: pathArb(route.path),
      query: fc.oneof(
        { weight: route.query ? 2 : 4, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: queryArb(route.query) },
      ),
      headers: headersArb,
      body: route.form ? formBodyArb(route.form) : bodyArb(route.body, route.example),
    }),
  )
}

// ---------------------------------------------------------------------------------------------
// Running and judging

/** A new fuzz target: the demo shop plus a foreign account, in memory, fixed clock, seeded randomness. */
export async function fuzzEmulator(): Promise<TestEmulator> {
  const emu = await testEmulator()
  await addAccount(emu, { slug: FOREIGN.slug, key: FOREIGN.key })
  return emu
}

/** Ids the emulator answered with, per emulator and kind: later requests aim at them. */
const harvest = new WeakMap<TestEmulator, Map<IdKind, string[]>>()
function poolOf(emu: TestEmulator, kind: IdKind): string[] {
  let pools = harvest.get(emu)
  if (!pools) harvest.set(emu, (pools = new Map()))
  let pool = pools.get(kind)
  if (!pool) pools.set(kind, (pool = []))
  return pool
}

export function resolvePath(emu: TestEmulator, parts: PathPart[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part
      const pool = poolOf(emu, part.kind)
      const ids = pool.length ? pool : IDS[part.kind]
      return encodeURIComponent(ids[part.pick % ids.length])
    })
    .join('')
}

function keep(emu: TestEmulator, r: FuzzRequest, status: number, text: string): void {
  if (!r.route.creates || status < 200 || status > 299 || r.method !== r.route.method) return
  try {
    const body = JSON.parse(text) as { id?: unknown; slug?: unknown; order?: { id?: unknown } }
    const id =
      r.route.creates === 'shop' ? body.slug : r.route.creates === 'order' && body.order ? body.order.id : body.id
    if (typeof id === 'string') poolOf(emu, r.route.creates).push(id)
  } catch {
    /* not JSON: nothing to keep */
  }
}

/** What a run reports when it fails: enough to replay the request by hand. */
export function describeRequest(r: FuzzRequest, path: string): string {
  const body = r.body
    ? `${r.body.describe}, ${r.body.bytes.length} bytes: ${Buffer.from(r.body.bytes.subarray(0, 300)).toString('utf8')}`
    : 'no body'
  return `${r.method} ${path.slice(0, 300)}${r.query.slice(0, 300)} headers=${JSON.stringify(r.headers).slice(0, 300)} body=${body}`
}

/** The storefront's HTML pages (routes/pages): a shop, a product, the checkout form, an invoice. */
const isPagePath = (path: string) =>
  /^\/storefront\/[^/]+(?:\/p\/[^/]+|\/checkout|\/invoices\/[^/]+)?\/?$/.test(new URL(path, 'http://x').pathname)

/** What Object.prototype holds before any request: a body's `__proto__` must never add to it. */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype)

/** The store as text; the refused request must leave every collection exactly as it was. */
const storeText = (emu: TestEmulator) => JSON.stringify(emu.store.snapshot())

/**
 * Sends one request and checks the contract: never a 5xx; a 4xx is JSON with a non-empty `error`
 * string (no stack trace); a refused request changes nothing in the store, events and delivery
 * log included (nothing legitimately logs a refusal there). Background webhook work is awaited
 * first so the comparison sees only what the request did.
 */
export async function sendAndJudge(emu: TestEmulator, r: FuzzRequest): Promise<void> {
  const worker = emu.services.events.worker
  await worker.idle()
  const before = storeText(emu)
  const logsBefore = emu.logs.length
  const headers = new Headers()
  if (r.route.isPublic) {
    if (r.headers.authorization !== undefined && r.headers.authorization !== `Bearer ${TEST_KEY}`)
      headers.set('authorization', r.headers.authorization)
  } else if (r.headers.authorization !== undefined) headers.set('authorization', r.headers.authorization)
  if (r.headers.shop !== undefined) headers.set('x-service-shop', r.headers.shop)
  if (r.headers.contentType !== undefined) headers.set('content-type', r.headers.contentType)
  if (r.headers.accept !== undefined) headers.set('accept', r.headers.accept)
  if (r.headers.lastEventId !== undefined) headers.set('last-event-id', r.headers.lastEventId)
  for (const [name, value] of Object.entries(r.body?.headers ?? {})) headers.set(name, value)
  const hasBody = r.method !== 'GET' && r.method !== 'HEAD' && r.body !== undefined
  const path = resolvePath(emu, r.path)
  const res = await emu.app.request(`${path}${r.query}`, {
    method: r.method,
    headers,
    body: hasBody ? (r.body!.bytes as Uint8Array<ArrayBuffer>) : undefined,
  })
  const type = res.headers.get('content-type') ?? ''
  let text = ''
  if (/^text\/event-stream/.test(type)) await res.body?.cancel()
  else text = await res.text()
  const context = `${describeRequest(r, path)}\n→ ${res.status} ${type} ${text.slice(0, 500)}`

  expect(res.status, context).toBeLessThan(500)
  expect(Object.getOwnPropertyNames(Object.prototype), `Object.prototype was polluted: ${context}`).toEqual(
    PROTOTYPE_KEYS,
  )
  const internal = emu.logs.slice(logsBefore).filter((line) => /internal error/.test(line))
  expect(internal, context).toEqual([])
  if (res.status < 400) {
    keep(emu, r, res.status, text)
    return
  }

  if ((r.route.form || (r.method === 'GET' && isPagePath(path))) && /^text\/html/.test(type)) {
    // A storefront page (a shop, product, checkout form or invoice) or a dashboard form answers a browser with a page, errors included.
    expect(text, context).not.toMatch(/\n\s+at /)
  } else if (r.method !== 'HEAD') {
    expect(type, context).toMatch(/^application\/json/)
    const body = JSON.parse(text) as { error?: unknown; errors?: unknown }
    expect(typeof body.error, context).toBe('string')
    expect((body.error as string).length, context).toBeGreaterThan(0)
    expect(body.error as string, context).not.toMatch(/\n\s+at /)
    if (body.errors !== undefined) {
      expect(Array.isArray(body.errors), context).toBe(true)
      for (const e of body.errors as unknown[])
        expect(e, context).toEqual({ field: expect.any(String), message: expect.any(String) })
    }
  }
  await worker.idle()
  const after = storeText(emu)
  if (after !== before) expect(after, `the store changed on a refused request: ${context}`).toBe(before)
}

/**
 * Runs `numRuns` generated requests against `routes`, on a fresh emulator every `freshEvery` runs
 * (accepted requests change the shop; starting over keeps the demo records there to aim at).
 */
export async function fuzz(
  routes: Route[],
  options: { numRuns: number; freshEvery?: number; seed?: number },
): Promise<void> {
  let emu = await fuzzEmulator()
  let runs = 0
  const freshEvery = options.freshEvery ?? 40
  await fc.assert(
    fc.asyncProperty(requestArb(routes), async (request) => {
      if (++runs % freshEvery === 0) {
        emu.services.events.stop()
        emu = await fuzzEmulator()
      }
      await sendAndJudge(emu, request)
    }),
    { numRuns: options.numRuns, seed: options.seed },
  )
  emu.services.events.stop()
}

/** FUZZ_SEED=n replays a run fast-check reported. */
export const FUZZ_SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)
