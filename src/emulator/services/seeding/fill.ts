import { StoreError } from '../../../contract/errors.js'
import { FulfilmentSetupBodySchema } from '../../../contract/fulfilment.js'
import type { ProductRecord, ShopRecord } from '../../../contract/rows.js'
import { blacklistValue, type SeedFile } from '../../../contract/seed-file.js'
import type { Tx } from '../../store/store.js'
import { buildProduct } from '../catalogue/products.js'
import { couponRules } from '../coupons/rules.js'
import { blacklistRules } from '../blacklists/rules.js'
import { NEW_CUSTOMER } from '../customers/bookkeeping.js'
import { applyFulfilmentSetup } from '../catalogue/setup.js'
import type { ServiceDeps } from '../common/deps.js'
import type { AccountFences } from '../accounts/fences.js'

type SeededCollection = 'products' | 'coupons' | 'groups' | 'categories' | 'blacklists' | 'customers' | 'orders'

/**
 * Stores a checked seed's records in `shop`, filling what they omit. A record keeps the id it
 * carries unless the db holds it or a restore under way keeps it (`reserved`): ids are keys of the
 * whole emulator, while a seed is written for one shop. Then it gets a fresh one, and every
 * reference inside the seed follows it.
 */
export function seedShop(deps: ServiceDeps, tx: Tx, shop: ShopRecord, seed: SeedFile, reserved: AccountFences): void {
  const now = deps.nowIso(shop)
  const shopId = shop.id
  const isFree = (collection: SeededCollection, id: string | undefined): id is string =>
    id !== undefined && !deps.collections[collection].get(id) && !reserved.isReserved(collection, id)
  const idFor = (collection: SeededCollection, id: string | undefined, prefix: string) =>
    isFree(collection, id) ? id : deps.newId(prefix)
  // What a seed record may leave out that every stored row of the shop holds.
  const dated = (record: { createdAt?: string; updatedAt?: string }) => ({
    createdAt: record.createdAt ?? now,
    updatedAt: record.updatedAt ?? record.createdAt ?? now,
    shopId,
  })
  // Bound product ids are stored as the internal id, once each, in the given order (as the API does).
  const storedIdOf = new Map<string, string>()
  const productIds = (ids: readonly string[] | undefined) => [
    ...new Set((ids ?? []).map((id) => storedIdOf.get(id) ?? id)),
  ]
  for (const p of seed.products ?? []) {
    const { fulfilment, ...fields } = p
    const isProductIdFree =
      p.productId !== undefined &&
      !deps.collections.products.getBy('productId', p.productId) &&
      !reserved.isReserved('productId', p.productId)
    const built = buildProduct(deps, shop, p, {
      id: isFree('products', p.id) ? p.id : undefined,
      productId: isProductIdFree ? p.productId : undefined,
    })
    const product = tx.put('products', { ...built, ...fields, id: built.id, productId: built.productId, ...dated(p) })
    storedIdOf.set(p.id ?? built.id, built.id)
    storedIdOf.set(p.productId ?? built.productId, built.id)
    if (fulfilment) applySeedFulfilment(deps, tx, shop, product, fulfilment)
  }
  for (const c of seed.coupons ?? []) {
    const built = couponRules.build(deps, shop, c)
    tx.put('coupons', { ...built, ...c, id: isFree('coupons', c.id) ? c.id : built.id, ...dated(c) })
  }
  const groupIdOf = new Map<string, string>()
  for (const g of seed.groups ?? []) {
    const group = tx.put('groups', {
      description: '',
      discountPercent: 0,
      image: null,
      sortOrder: 0,
      unlisted: false,
      ...g,
      productIds: productIds(g.productIds),
      id: idFor('groups', g.id, 'grp'),
      ...dated(g),
    })
    if (g.id) groupIdOf.set(g.id, group.id)
  }
  for (const c of seed.categories ?? []) {
    tx.put('categories', {
      sortOrder: 0,
      unlisted: false,
      ...c,
      productIds: productIds(c.productIds),
      groupIds: [...new Set(c.groupIds?.map((id) => groupIdOf.get(id) ?? id))],
      id: idFor('categories', c.id, 'cat'),
      ...dated(c),
    })
  }
  for (const b of seed.blacklists ?? []) {
    const built = blacklistRules.build(deps, shop, { ...b, value: blacklistValue(b) })
    tx.put('blacklists', {
      ...built,
      ...b,
      value: built.value,
      id: isFree('blacklists', b.id) ? b.id : built.id,
      createdAt: b.createdAt ?? now,
    })
  }
  for (const c of seed.customers ?? []) {
    tx.put('customers', {
      ...NEW_CUSTOMER,
      notes: [],
      ...c,
      id: idFor('customers', c.id, 'cus'),
      ...dated(c),
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
      const found = deps.collections.products.get(productId)
      // Another shop's product is none of this order's: neither its name nor its type is taken from it.
      const product = found?.shopId === shopId ? found : undefined
      return {
        ...item,
        productId,
        id: item.id ?? deps.newId('item'),
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
      id: idFor('orders', o.id, 'ord'),
      orderNumber: `ORD-${number}`,
      total: o.total ?? Math.round(items.reduce((sum, i) => sum + i.total, 0) * 100) / 100,
      customerEmail: email,
      createdAt: o.createdAt ?? now,
      items,
      shopId,
      customerId: deps.collections.customers.getBy('email', `${shopId}:${email}`)?.id ?? null,
    })
  }
  tx.put('shops', { ...shop, orderSeq: Math.max(shop.orderSeq, seq) })
}

/** Applies a seed product's `fulfilment` as PUT …/fulfilment would; a bad one refuses the whole seed. */
function applySeedFulfilment(
  deps: ServiceDeps,
  tx: Tx,
  shop: ShopRecord,
  product: ProductRecord,
  setup: Record<string, unknown>,
): void {
  const productId = product.id
  const parsed = FulfilmentSetupBodySchema.safeParse(setup)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue.path.map(String).join('.')
    const what = issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message
    throw badSeed(`seed product ${productId}: fulfilment${where ? `.${where}` : ''}: ${what}`)
  }
  try {
    applyFulfilmentSetup(deps, tx, shop, product, parsed.data)
  } catch (error) {
    throw badSeed(`seed product ${productId}: fulfilment.${(error as Error).message}`)
  }
}

export function badSeed(message: string): StoreError {
  return new StoreError(400, message, [{ field: 'seed', message }])
}
