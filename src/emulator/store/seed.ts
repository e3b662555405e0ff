import { z } from 'zod'
import { readFileSync } from 'node:fs'
import { ProductStatusSchema, ProductTypeSchema } from '../../spec/products.js'
import { CouponTypeSchema } from '../../spec/coupons.js'
import { BlacklistTypeSchema, normaliseBlacklistValue } from '../../spec/blacklists.js'
import { OrderItemSchema, OrderStatusSchema, PaymentStatusSchema } from '../../spec/orders.js'
import { CurrencySchema, TimestampSchema } from '../../spec/common.js'
import type { ServiceDeps as Emulator } from '../services/deps.js'
import { newSecretKey } from '../ids.js'
import { buildKey, buildShop } from '../services/accounts.js'
import { hashKey } from '../services/accounts.js'
import { newProductId } from '../services/catalogue/products.js'
import { defaultTheme } from '../services/themes.js'
import type { Tx } from './store.js'
import type { AccountRecord, ShopRecord } from './records.js'

const Id = z.string().min(1).max(100)
const Time = TimestampSchema.optional()

/** Dashboard-only setup a seed may carry per product; applied by the fulfilment module. */
export const SeedFulfilmentSchema = z.looseObject({})

const SeedProduct = z.strictObject({
  id: Id.optional(),
  productId: z
    .string()
    .regex(/^rec_\w+$/)
    .optional(),
  name: z.string().min(1),
  price: z.number().nonnegative(),
  type: ProductTypeSchema,
  description: z.string().optional(),
  image: z.string().optional(),
  currency: CurrencySchema.optional(),
  stock: z.number().int().nonnegative().nullable().optional(),
  status: ProductStatusSchema.optional(),
  sortOrder: z.number().int().optional(),
  unlisted: z.boolean().optional(),
  createdAt: Time,
  updatedAt: Time,
  fulfilment: SeedFulfilmentSchema.optional(),
})
const SeedCoupon = z.strictObject({
  id: Id.optional(),
  code: z
    .string()
    .min(1)
    .transform((s) => s.toUpperCase()),
  type: CouponTypeSchema,
  value: z.number().nonnegative(),
  usageLimit: z.number().int().nonnegative().nullable().optional(),
  usedCount: z.number().int().nonnegative().optional(),
  minAmount: z.number().nonnegative().nullable().optional(),
  expiresAt: TimestampSchema.nullable().optional(),
  active: z.boolean().optional(),
  createdAt: Time,
  updatedAt: Time,
})
const SeedCategory = z.strictObject({
  id: Id.optional(),
  name: z.string().min(1),
  sortOrder: z.number().int().optional(),
  unlisted: z.boolean().optional(),
  productIds: z.array(Id).optional(),
  groupIds: z.array(Id).optional(),
  createdAt: Time,
})
const SeedGroup = z.strictObject({
  id: Id.optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  discountPercent: z.number().min(0).max(100).optional(),
  image: z.string().nullable().optional(),
  sortOrder: z.number().int().optional(),
  unlisted: z.boolean().optional(),
  productIds: z.array(Id).optional(),
  createdAt: Time,
  updatedAt: Time,
})
const SeedBlacklist = z.strictObject({
  id: Id.optional(),
  type: BlacklistTypeSchema,
  value: z.string(),
  reason: z.string().nullable().optional(),
  createdAt: Time,
})
const SeedCustomer = z.strictObject({
  id: Id.optional(),
  email: z.email(),
  name: z.string().optional(),
  phone: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  totalOrders: z.number().int().optional(),
  totalSpent: z.number().optional(),
  lastOrderAt: TimestampSchema.nullable().optional(),
  createdAt: Time,
  updatedAt: Time,
})
const SeedOrder = z.looseObject({
  id: Id.optional(),
  orderNumber: z
    .string()
    .regex(/^ORD-\d+$/)
    .optional(),
  status: OrderStatusSchema.optional(),
  paymentStatus: PaymentStatusSchema.optional(),
  total: z.number().nonnegative().optional(),
  currency: CurrencySchema.optional(),
  customerEmail: z.email(),
  customerName: z.string().optional(),
  paymentMethod: z.string().optional(),
  createdAt: Time,
  paidAt: TimestampSchema.nullable().optional(),
  items: z.array(OrderItemSchema.partial({ id: true, total: true, productName: true })).min(1),
})

/** A seed file: records in the API's own shapes (DESIGN.md, `--seed FILE`). */
export const SeedFileSchema = z.strictObject({
  products: z.array(SeedProduct).optional(),
  coupons: z.array(SeedCoupon).optional(),
  categories: z.array(SeedCategory).optional(),
  groups: z.array(SeedGroup).optional(),
  blacklists: z.array(SeedBlacklist).optional(),
  orders: z.array(SeedOrder).optional(),
  customers: z.array(SeedCustomer).optional(),
})
export type SeedFile = z.infer<typeof SeedFileSchema>

/** Reads and validates a seed file; the error names the file, the record and the field at fault. */
export function loadSeedFile(path: string): SeedFile {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`seed file ${path} cannot be used: ${(error as Error).message}`)
  }
  const result = SeedFileSchema.safeParse(raw)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '')
    const what = issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message
    throw new Error(`seed file ${path} was refused: ${where || 'top level'}: ${what}`)
  }
  return result.data
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
  const account: AccountRecord = { id: emu.newId('acct'), name: 'Demo Account', createdAt: emu.nowIso() }
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

function seedShop(
  emu: Emulator,
  tx: Tx,
  shop: ShopRecord,
  seed: SeedFile,
  applyFulfilment: InitOptions['applyFulfilment'],
): void {
  const now = emu.nowIso()
  const shopId = shop.id
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
      productIds: [],
      ...g,
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
      productIds: [],
      groupIds: [],
      ...c,
      id: c.id ?? emu.newId('cat'),
      createdAt: c.createdAt ?? now,
      updatedAt: c.createdAt ?? now,
      shopId,
    })
  }
  for (const b of seed.blacklists ?? []) {
    const checked = normaliseBlacklistValue(b.type, b.value)
    tx.put('blacklists', {
      reason: null,
      ...b,
      value: 'value' in checked ? checked.value : b.value,
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
      email: c.email.toLowerCase(),
      id: c.id ?? emu.newId('cus'),
      createdAt: c.createdAt ?? now,
      updatedAt: c.updatedAt ?? c.createdAt ?? now,
      shopId,
    })
  }
  let seq = 0
  for (const o of seed.orders ?? []) {
    const number = o.orderNumber ? Number(o.orderNumber.slice(4)) : seq + 1
    seq = Math.max(seq, number)
    const items = o.items.map((item) => {
      const product = emu.store.c.products.get(item.productId)
      return {
        ...item,
        id: item.id ?? emu.newId('item'),
        productName: item.productName ?? product?.name ?? item.productId,
        productType: item.productType ?? product?.type,
        total: item.total ?? Math.round(item.price * item.quantity * 100) / 100,
      }
    })
    const email = o.customerEmail.toLowerCase()
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
