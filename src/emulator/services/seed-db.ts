import { StoreError } from '../../spec/errors.js'
import { maskKey } from '../../spec/keys.js'
import { newSecretKey } from '../ids.js'
import type { AccountRecord, ShopRecord } from '../store/records.js'
import { blacklistValue, type SeedFile } from './seed-file.js'
import type { Tx } from '../store/store.js'
import { buildKey, buildShop, hashKey } from './accounts.js'
import { newProductId } from './catalogue/products.js'
import { NEW_CUSTOMER } from './customers/bookkeeping.js'
import type { ServiceDeps as Emulator } from './deps.js'
import { defaultTheme } from './themes.js'

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

/**
 * `--api-key KEY` on a db made earlier: the key must already be one of its keys. It is never
 * added to an account it was not made for (the account it was made for may have been deleted,
 * and the first account left may be another tenant's): 409 saying what to do instead.
 */
export function checkKey(emu: Emulator, secret: string): void {
  if (emu.store.c.keys.getBy('hash', hashKey(secret))) return
  throw new StoreError(
    409,
    `--api-key ${maskKey(secret)} is not a key of any account in ${emu.store.path} (its account may have been deleted), and it is not added to another account, whose data it would open. Pass a key this db holds, or start a new db with this key (another --db, or move ${emu.store.path} aside).`,
  )
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
      ...NEW_CUSTOMER,
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
      const found = emu.store.c.products.get(productId)
      // Another shop's product is none of this order's: neither its name nor its type is taken from it.
      const product = found?.shopId === shopId ? found : undefined
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
