import * as z from 'zod'
import { readFileSync } from 'node:fs'
import { CreateBlacklistBodySchema, normaliseBlacklistValue } from '../../spec/blacklists.js'
import { CreateCategoryBodySchema } from '../../spec/categories.js'
import {
  CountSchema,
  CountrySchema,
  EmailSchema,
  IdSchema,
  MAX_NAME,
  MoneySchema,
  SortOrderSchema,
  TimestampSchema,
  UrlSchema,
} from '../../spec/common.js'
import { CreateCouponBodySchema } from '../../spec/coupons.js'
import { inputProblems } from '../../spec/field-errors.js'
import { CreateGroupBodySchema } from '../../spec/groups.js'
import { OrderExtrasSchema, OrderItemSchema, OrderStatusSchema, PaymentStatusSchema } from '../../spec/orders.js'
import { CreateProductBodySchema } from '../../spec/products.js'
import { MAX_LINES, QuantitySchema } from '../../spec/storefront.js'
import type { ServiceDeps as Emulator } from '../services/deps.js'
import { newSecretKey } from '../ids.js'
import { buildKey, buildShop } from '../services/accounts.js'
import { hashKey } from '../services/accounts.js'
import { newProductId } from '../services/catalogue/products.js'
import { defaultTheme } from '../services/themes.js'
import type { Tx } from './store.js'
import type { AccountRecord, ShopRecord } from './records.js'

/*
 * A seed record is the API's create body for its resource, checked and normalised exactly as the
 * API checks and normalises it (names trimmed, coupon codes uppercased, expiry in UTC, ...), plus
 * what a record read back from the API carries and a seed may keep: its id, timestamps and the
 * fields the API sets itself. Customers and orders have no create body (checkout makes them):
 * their seed records follow their API records with the limits checkout applies.
 */

const Seeded = { id: IdSchema.optional(), createdAt: TimestampSchema.optional() }
const Updated = { updatedAt: TimestampSchema.optional() }
const ShortText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`)

const SeedProductSchema = CreateProductBodySchema.extend({
  ...Seeded,
  ...Updated,
  productId: z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(/^rec_\w+$/, 'must be "rec_" followed by letters, digits or "_"')
    .optional(),
  image: z.union([z.literal(''), UrlSchema]).optional(),
  sortOrder: SortOrderSchema.optional(),
  /** The body of `PUT /_emulator/products/:id/fulfilment`, checked against the product when it is applied. */
  fulfilment: z.looseObject({}).optional(),
})

const SeedCouponSchema = CreateCouponBodySchema.safeExtend({ ...Seeded, ...Updated, usedCount: CountSchema.optional() })

const SeedCategorySchema = CreateCategoryBodySchema.extend({ ...Seeded, ...Updated })

const SeedGroupSchema = CreateGroupBodySchema.extend({
  ...Seeded,
  ...Updated,
  /** A group read back from the API shows `image: null` when it has none. */
  image: UrlSchema.nullable().optional(),
})

const SeedBlacklistSchema = CreateBlacklistBodySchema.safeExtend(Seeded)

const SeedCustomerSchema = z.strictObject({
  ...Seeded,
  ...Updated,
  email: EmailSchema,
  name: ShortText(MAX_NAME).optional(),
  phone: ShortText(50).nullable().optional(),
  country: CountrySchema.nullable().optional(),
  city: ShortText(MAX_NAME).nullable().optional(),
  totalOrders: CountSchema.optional(),
  totalSpent: MoneySchema.optional(),
  lastOrderAt: TimestampSchema.nullable().optional(),
})

const SeedOrderItemSchema = z.strictObject({
  ...OrderItemSchema.shape,
  id: IdSchema.optional(),
  productId: IdSchema,
  productName: ShortText(MAX_NAME).optional(),
  quantity: QuantitySchema,
  price: MoneySchema,
  total: MoneySchema.optional(),
})

const SeedOrderSchema = z.strictObject({
  ...OrderExtrasSchema.partial().shape,
  ...Seeded,
  orderNumber: z
    .string()
    .regex(/^ORD-\d{1,9}$/, 'must be ORD- followed by a number')
    .optional(),
  status: OrderStatusSchema.optional(),
  paymentStatus: PaymentStatusSchema.optional(),
  total: MoneySchema.optional(),
  currency: CreateProductBodySchema.shape.currency,
  customerEmail: EmailSchema,
  customerName: ShortText(MAX_NAME).optional(),
  paymentMethod: ShortText(MAX_NAME).optional(),
  paidAt: TimestampSchema.nullable().optional(),
  items: z
    .array(SeedOrderItemSchema)
    .min(1, 'must hold at least one item')
    .max(MAX_LINES, `must hold at most ${MAX_LINES} items`),
})

type Issue = { path: PropertyKey[]; message: string }

/** Refuses a second record with the same key: the API would answer 409 (or the id would be taken). */
function checkUnique<T>(records: readonly T[] | undefined, at: string, field: string, keyOf: (r: T) => unknown) {
  const issues: Issue[] = []
  const seen = new Map<unknown, number>()
  records?.forEach((record, i) => {
    const key = keyOf(record)
    if (key === undefined) return
    const first = seen.get(key)
    if (first === undefined) seen.set(key, i)
    else issues.push({ path: [at, i, field], message: `is the same as ${at}[${first}]'s; each must be unique` })
  })
  return issues
}

/** Ids must name records of the seed, as the API refuses ids it does not know. */
function checkKnown(ids: readonly string[] | undefined, known: Set<string>, path: PropertyKey[], what: string) {
  const issues: Issue[] = []
  ids?.forEach((id, i) => {
    if (!known.has(id)) issues.push({ path: [...path, i], message: `names no ${what} of the seed: ${id}` })
  })
  return issues
}

const BaseSeedFileSchema = z.strictObject({
  products: z.array(SeedProductSchema).optional(),
  coupons: z.array(SeedCouponSchema).optional(),
  categories: z.array(SeedCategorySchema).optional(),
  groups: z.array(SeedGroupSchema).optional(),
  blacklists: z.array(SeedBlacklistSchema).optional(),
  orders: z.array(SeedOrderSchema).optional(),
  customers: z.array(SeedCustomerSchema).optional(),
})

/** A seed: records in the API's own shapes (DESIGN.md, `--seed FILE`), checked as the API checks them. */
export const SeedFileSchema = BaseSeedFileSchema.superRefine((seed, ctx) => {
  const products = new Set((seed.products ?? []).flatMap((p) => [p.id, p.productId].filter((id) => id !== undefined)))
  const groups = new Set((seed.groups ?? []).flatMap((g) => (g.id === undefined ? [] : [g.id])))
  const issues = [
    ...checkUnique(seed.products, 'products', 'id', (p) => p.id),
    ...checkUnique(seed.products, 'products', 'productId', (p) => p.productId),
    ...checkUnique(seed.coupons, 'coupons', 'id', (c) => c.id),
    ...checkUnique(seed.coupons, 'coupons', 'code', (c) => c.code),
    ...checkUnique(seed.categories, 'categories', 'id', (c) => c.id),
    ...checkUnique(seed.groups, 'groups', 'id', (g) => g.id),
    ...checkUnique(seed.blacklists, 'blacklists', 'id', (b) => b.id),
    ...checkUnique(seed.blacklists, 'blacklists', 'value', (b) => `${b.type}:${blacklistValue(b)}`),
    ...checkUnique(seed.customers, 'customers', 'id', (c) => c.id),
    ...checkUnique(seed.customers, 'customers', 'email', (c) => c.email),
    ...checkUnique(seed.orders, 'orders', 'id', (o) => o.id),
    ...checkUnique(seed.orders, 'orders', 'orderNumber', (o) => o.orderNumber),
    ...(seed.groups ?? []).flatMap((g, i) =>
      checkKnown(g.productIds, products, ['groups', i, 'productIds'], 'product'),
    ),
    ...(seed.categories ?? []).flatMap((c, i) => [
      ...checkKnown(c.productIds, products, ['categories', i, 'productIds'], 'product'),
      ...checkKnown(c.groupIds, groups, ['categories', i, 'groupIds'], 'group'),
    ]),
  ]
  for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path, message })
})

/** What a seed file or a seed object in code may hold (before normalisation: `code: 'spring'` is fine). */
export type SeedInput = z.input<typeof SeedFileSchema>
/** A checked, normalised seed. */
export type SeedFile = z.output<typeof SeedFileSchema>

/** A blacklist value as the API stores it (the create body's own check has passed). */
function blacklistValue(b: { type: z.infer<typeof SeedBlacklistSchema>['type']; value: string }): string {
  const checked = normaliseBlacklistValue(b.type, b.value)
  return 'value' in checked ? checked.value : b.value
}

/** `products[1].price`: where a problem is, as a reader finds it in the file. */
function where(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('')
}

/**
 * Checks a seed (a file's content or an object from code) as the API checks its bodies.
 * @throws Error `<source> was refused: <record>.<field>: <what to send>`, naming the first problem
 */
export function parseSeed(raw: unknown, source: string): SeedFile {
  const result = SeedFileSchema.safeParse(raw, { reportInput: true })
  if (result.success) return result.data
  const [problem] = inputProblems(result.error)
  throw new Error(`${source} was refused: ${where(problem.path) || 'top level'}: ${problem.message}`)
}

/** Reads and checks a seed file; the error names the file, the record and the field at fault. */
export function loadSeedFile(path: string): SeedFile {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`seed file ${path} cannot be used: ${(error as Error).message}`)
  }
  return parseSeed(raw, `seed file ${path}`)
}

export interface InitOptions {
  apiKey?: string
  seed?: SeedFile
  applyFulfilment?: (tx: Tx, shop: ShopRecord, productId: string, setup: Record<string, unknown>) => void
}
export interface InitResult {
  generatedKey?: string
}

/** Fills a new db: one account, the `demo` shop, a key, the default theme, then the seed's records. */
export function initialiseDb(emu: Emulator, tx: Tx, options: InitOptions): InitResult {
  const account: AccountRecord = {
    id: emu.newId('acct'),
    name: 'Demo Account',
    createdAt: emu.clock.now().toISOString(),
  }
  tx.put('accounts', account)
  const shop = tx.put('shops', buildShop(emu, account.id, 'Demo Shop', 'demo'))
  tx.put('themes', defaultTheme(emu, shop))
  const generatedKey = options.apiKey ? undefined : newSecretKey(emu.random)
  tx.put('keys', buildKey(emu, account.id, options.apiKey ?? generatedKey!, 'default'))
  if (options.seed) seedShop(emu, tx, shop, options.seed, options.applyFulfilment)
  return { generatedKey }
}

/** `--api-key KEY`: make sure that exact key exists for the (first) account. */
export function ensureKey(emu: Emulator, tx: Tx, secret: string): void {
  if (emu.store.c.keys.getBy('hash', hashKey(secret))) return
  const account = emu.store.c.accounts.values().next().value
  if (account) tx.put('keys', buildKey(emu, account.id, secret, 'from --api-key'))
}

/** Stores a checked seed's records in `shop`, keeping the ids they carry and filling what they omit. */
export function seedShop(
  emu: Emulator,
  tx: Tx,
  shop: ShopRecord,
  seed: SeedFile,
  applyFulfilment: InitOptions['applyFulfilment'],
): void {
  const now = emu.nowIso(shop)
  const shopId = shop.id
  // Bound product ids are stored as the internal id, once each, in the given order (as the API does).
  const storedIdOf = new Map<string, string>()
  const productIds = (ids: readonly string[] | undefined) => [
    ...new Set((ids ?? []).map((id) => storedIdOf.get(id) ?? id)),
  ]
  for (const p of seed.products ?? []) {
    const { fulfilment, ...fields } = p
    const product = tx.put('products', {
      description: '',
      image: '',
      currency: 'USD',
      stock: null,
      status: 'Draft',
      sortOrder: 0,
      unlisted: false,
      ...fields,
      id: p.id ?? emu.newId('prod'),
      productId: p.productId ?? newProductId(emu),
      createdAt: p.createdAt ?? now,
      updatedAt: p.updatedAt ?? p.createdAt ?? now,
      shopId,
    })
    storedIdOf.set(product.id, product.id)
    storedIdOf.set(product.productId, product.id)
    if (fulfilment && applyFulfilment) applyFulfilment(tx, shop, product.id, fulfilment)
  }
  for (const c of seed.coupons ?? []) {
    tx.put('coupons', {
      usageLimit: null,
      usedCount: 0,
      minAmount: null,
      expiresAt: null,
      active: true,
      ...c,
      id: c.id ?? emu.newId('cpn'),
      createdAt: c.createdAt ?? now,
      updatedAt: c.updatedAt ?? c.createdAt ?? now,
      shopId,
    })
  }
  for (const g of seed.groups ?? []) {
    tx.put('groups', {
      description: '',
      discountPercent: 0,
      image: null,
      sortOrder: 0,
      unlisted: false,
      ...g,
      productIds: productIds(g.productIds),
      id: g.id ?? emu.newId('grp'),
      createdAt: g.createdAt ?? now,
      updatedAt: g.updatedAt ?? g.createdAt ?? now,
      shopId,
    })
  }
  for (const c of seed.categories ?? []) {
    tx.put('categories', {
      sortOrder: 0,
      unlisted: false,
      ...c,
      productIds: productIds(c.productIds),
      groupIds: [...new Set(c.groupIds)],
      id: c.id ?? emu.newId('cat'),
      createdAt: c.createdAt ?? now,
      updatedAt: c.updatedAt ?? c.createdAt ?? now,
      shopId,
    })
  }
  for (const b of seed.blacklists ?? []) {
    tx.put('blacklists', {
      reason: null,
      ...b,
      value: blacklistValue(b),
      id: b.id ?? emu.newId('bl'),
      createdAt: b.createdAt ?? now,
      shopId,
    })
  }
  for (const c of seed.customers ?? []) {
    tx.put('customers', {
      name: '',
      phone: null,
      country: null,
      city: null,
      totalOrders: 0,
      totalSpent: 0,
      lastOrderAt: null,
      notes: [],
      ...c,
      id: c.id ?? emu.newId('cus'),
      createdAt: c.createdAt ?? now,
      updatedAt: c.updatedAt ?? c.createdAt ?? now,
      shopId,
    })
  }
  // Orders without a number take the next one after those before them that no other order holds.
  const numbers = new Set((seed.orders ?? []).flatMap((o) => (o.orderNumber ? [Number(o.orderNumber.slice(4))] : [])))
  let seq = 0
  for (const o of seed.orders ?? []) {
    let number = o.orderNumber ? Number(o.orderNumber.slice(4)) : seq + 1
    while (!o.orderNumber && numbers.has(number)) number++
    numbers.add(number)
    seq = Math.max(seq, number)
    const items = o.items.map((item) => {
      const productId = storedIdOf.get(item.productId) ?? item.productId
      const product = emu.store.c.products.get(productId)
      return {
        ...item,
        productId,
        id: item.id ?? emu.newId('item'),
        productName: item.productName ?? product?.name ?? item.productId,
        productType: item.productType ?? product?.type,
        total: item.total ?? Math.round(item.price * item.quantity * 100) / 100,
      }
    })
    const email = o.customerEmail
    tx.put('orders', {
      status: 'pending',
      paymentStatus: 'unpaid',
      currency: 'USD',
      customerName: '',
      paymentMethod: '',
      paidAt: null,
      ...o,
      id: o.id ?? emu.newId('ord'),
      orderNumber: `ORD-${number}`,
      total: o.total ?? Math.round(items.reduce((sum, i) => sum + i.total, 0) * 100) / 100,
      customerEmail: email,
      createdAt: o.createdAt ?? now,
      items,
      shopId,
      customerId: emu.store.c.customers.getBy('email', `${shopId}:${email}`)?.id ?? null,
    })
  }
  tx.put('shops', { ...shop, orderSeq: Math.max(shop.orderSeq, seq) })
}
