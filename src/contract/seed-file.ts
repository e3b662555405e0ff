import { readFileSync } from 'node:fs'
import * as z from 'zod'
import { CreateBlacklistBodySchema, normaliseBlacklistValue } from './blacklists.js'
import { CreateCategoryBodySchema } from './categories.js'
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
} from './common.js'
import { CreateCouponBodySchema } from './coupons.js'
import { inputProblems } from './field-errors.js'
import { CreateGroupBodySchema } from './groups.js'
import { OrderExtrasSchema, OrderItemSchema, OrderStatusSchema, PaymentStatusSchema } from './orders.js'
import { CreateProductBodySchema } from './products.js'
import { MAX_LINES, QuantitySchema } from './storefront.js'

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

const SeededCoupon = { ...Seeded, ...Updated, usedCount: CountSchema.optional() }
const [seedPercentage, seedFixed] = CreateCouponBodySchema.options
const SeedCouponSchema = z.discriminatedUnion('type', [
  seedPercentage.safeExtend(SeededCoupon),
  seedFixed.safeExtend(SeededCoupon),
])

const SeedCategorySchema = CreateCategoryBodySchema.extend({ ...Seeded, ...Updated })

const SeedGroupSchema = CreateGroupBodySchema.extend({
  ...Seeded,
  ...Updated,
  /** A group read back from the API shows `image: null` when it has none. */
  image: UrlSchema.nullable().optional(),
})

const [seedIp, seedCountry, seedEmail] = CreateBlacklistBodySchema.options
const SeedBlacklistSchema = z.discriminatedUnion('type', [
  seedIp.safeExtend(Seeded),
  seedCountry.safeExtend(Seeded),
  seedEmail.safeExtend(Seeded),
])

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
  const refuse = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message })
  // A second record with the same key: the API would answer 409 (or the id would be taken).
  const unique = <T>(at: string, records: readonly T[] | undefined, field: string, keyOf: (r: T) => unknown) => {
    const seen = new Map<unknown, number>()
    records?.forEach((record, i) => {
      const key = keyOf(record)
      const first = seen.get(key)
      if (key === undefined) return
      if (first === undefined) seen.set(key, i)
      else refuse([at, i, field], `is the same as ${at}[${first}]'s; each must be unique`)
    })
  }
  // Ids must name records of the seed, as the API refuses ids it does not know.
  const known = (ids: readonly string[] = [], names: Set<string>, path: PropertyKey[], what: string) => {
    for (const [i, id] of ids.entries()) if (!names.has(id)) refuse([...path, i], `names no ${what} of the seed: ${id}`)
  }
  for (const [at, records] of Object.entries(seed)) unique(at, records as { id?: string }[], 'id', (r) => r.id)
  unique('products', seed.products, 'productId', (p) => p.productId)
  unique('coupons', seed.coupons, 'code', (c) => c.code)
  unique('blacklists', seed.blacklists, 'value', (b) => `${b.type}:${blacklistValue(b)}`)
  unique('customers', seed.customers, 'email', (c) => c.email)
  unique('orders', seed.orders, 'orderNumber', (o) => o.orderNumber)
  // The products' ids are gathered only when groups or categories bind some.
  if (seed.groups?.length || seed.categories?.length) {
    const products = new Set<string>()
    for (const p of seed.products ?? []) {
      if (p.id !== undefined) products.add(p.id)
      if (p.productId !== undefined) products.add(p.productId)
    }
    const groups = new Set((seed.groups ?? []).flatMap((g) => (g.id === undefined ? [] : [g.id])))
    seed.groups?.forEach((g, i) => {
      known(g.productIds, products, ['groups', i, 'productIds'], 'product')
    })
    seed.categories?.forEach((c, i) => {
      known(c.productIds, products, ['categories', i, 'productIds'], 'product')
      known(c.groupIds, groups, ['categories', i, 'groupIds'], 'group')
    })
  }
})

/** What a seed file or a seed object in code may hold (before normalisation: `code: 'spring'` is fine). */
export type SeedInput = z.input<typeof SeedFileSchema>
/** A checked, normalised seed. */
export type SeedFile = z.output<typeof SeedFileSchema>

/** A blacklist value as the API stores it (the create body's own check has passed). */
export function blacklistValue(b: { type: z.infer<typeof SeedBlacklistSchema>['type']; value: string }): string {
  const checked = normaliseBlacklistValue(b.type, b.value)
  return 'value' in checked ? checked.value : b.value
}

/**
 * Marks the seeds parseSeed returned, so that one checked already (`store serve` checks its seed
 * file before it opens the db) is not checked a second time, at 100,000 products a second or more.
 */
const CHECKED = Symbol('checked seed')
const isChecked = (raw: unknown): raw is SeedFile =>
  typeof raw === 'object' && raw !== null && (raw as { [CHECKED]?: true })[CHECKED] === true

/**
 * Checks a seed (a file's content or an object from code) as the API checks its bodies; a seed
 * this function returned is taken as it is.
 * @throws Error `<source> was refused: <record>.<field>: <what to send>`, naming the first problem
 */
export function parseSeed(raw: unknown, source: string): SeedFile {
  if (isChecked(raw)) return raw
  const result = SeedFileSchema.safeParse(raw, { reportInput: true })
  if (result.success) return Object.defineProperty(result.data, CHECKED, { value: true })
  const [problem] = inputProblems(result.error)
  throw new Error(`${source} was refused: ${z.core.toDotPath(problem.path) || 'top level'}: ${problem.message}`)
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
