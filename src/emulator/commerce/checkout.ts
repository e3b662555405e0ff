// Storefront checkout (DESIGN.md "Storefront"; spec "What the service does" 5, 7): every check first,
// then every write, in one synchronous transaction, so a refused checkout leaves nothing behind.
import { StoreError } from '../../spec/errors.js'
import type { CheckoutBody } from '../../spec/storefront.js'
import type { Emulator } from '../context.js'
import type { CouponRecord, FulfilmentRecord, GroupRecord, ProductRecord, ShopRecord } from '../store/records.js'
import type { Tx } from '../store/store.js'
import { findCouponByCode } from '../store/coupons.js'
import { matchBlacklist } from '../store/blacklists.js'
import { couponRefusal } from './coupons.js'
import { recordOrderPlaced } from './customers.js'
import { clientSeedOf, rotateSeed } from './mystery.js'
import { emitOrderEvents } from './order-flow.js'
import { nextOrderNumber } from './order-numbers.js'
import { priceOrder } from './pricing.js'
import { availableUnits } from './stock.js'
import type { CommerceOrder, Line } from './types.js'

/** Who is checking out, as the connection tells it (the body's `ip` and `country` take precedence). */
export interface Visitor {
  ip: string | null
  country: string | null
}

const fieldError = (status: number, field: string, message: string) =>
  new StoreError(status, `${field}: ${message}`, [{ field, message }])

/**
 * Refuses a blacklisted visitor with 403 (spec, "Blacklist entry": matching visitors are kept
 * out). The message names what matched, never the merchant's internal reason.
 */
export function assertNotBlacklisted(
  emu: Emulator,
  shop: ShopRecord,
  who: { ip?: string | null; country?: string | null; email?: string },
): void {
  const checks: ['IP' | 'COUNTRY' | 'EMAIL', string | null | undefined, string][] = [
    ['EMAIL', who.email, 'your e-mail address'],
    ['IP', who.ip, 'your IP address'],
    ['COUNTRY', who.country, 'your country'],
  ]
  for (const [type, value, what] of checks) {
    if (value && matchBlacklist(emu, shop, type, value))
      throw new StoreError(403, `${what} is blocked by this shop; contact the merchant if you think this is a mistake`)
  }
}

interface Wanted {
  productId: string
  quantity: number
  field: string
}

function wantedLines(
  emu: Emulator,
  shop: ShopRecord,
  body: CheckoutBody,
): { wanted: Wanted[]; group: GroupRecord | null } {
  if (body.items) return { wanted: body.items.map((i, at) => ({ ...i, field: `items.${at}` })), group: null }
  const group = emu.store.c.groups.get(body.groupId!)
  if (!group || group.shopId !== shop.id) throw new StoreError(404, `group not found: ${body.groupId}`)
  if (group.productIds.length === 0) throw fieldError(400, 'groupId', `group "${group.name}" holds no products`)
  return { wanted: group.productIds.map((productId) => ({ productId, quantity: 1, field: 'groupId' })), group }
}

/** A product that can be sold on this storefront: Live (unlisted is fine: reachable by direct id), not an InfoCard. */
function saleableProduct(emu: Emulator, shop: ShopRecord, w: Wanted): ProductRecord {
  const products = emu.store.c.products
  const found = products.get(w.productId) ?? products.getBy('productId', w.productId)
  // Draft and Archived products answer exactly like unknown ones: the storefront does not reveal them.
  const field = w.field === 'groupId' ? 'groupId' : `${w.field}.productId`
  if (!found || found.shopId !== shop.id || found.status !== 'Live') {
    throw new StoreError(404, `product not found: ${w.productId}`, [
      { field, message: 'is not a product on sale in this shop' },
    ])
  }
  if (found.type === 'InfoCard')
    throw fieldError(400, field, `"${found.name}" is an InfoCard: display only, it cannot be bought`)
  return found
}

interface Resolved {
  product: ProductRecord
  setup: FulfilmentRecord | undefined
  quantity: number
  field: string
  trial: boolean
}

/**
 * Places an order: blacklist (403), products (404 unknown/Draft/Archived, 400 InfoCard), one
 * currency per order (400), stock (409), coupon (400/409), then prices it (line totals, group
 * discount, coupon), numbers it `ORD-<n>`, counts the customer's order, binds each mystery line to
 * the product's current commitment and rotates the product to a fresh seed, and fires
 * `order:created` (+ `:product` per line). Stock is checked here but taken at payment.
 */
export function checkout(emu: Emulator, tx: Tx, shopId: string, body: CheckoutBody, visitor: Visitor): CommerceOrder {
  const shop = emu.store.c.shops.get(shopId)
  if (!shop) throw new StoreError(404, `shop not found: ${shopId}`)
  const ip = body.ip ?? visitor.ip
  const country = body.country ?? visitor.country
  assertNotBlacklisted(emu, shop, { email: body.email, ip, country })

  const { wanted, group } = wantedLines(emu, shop, body)
  const resolved: Resolved[] = []
  const seen = new Set<string>()
  for (const w of wanted) {
    const product = saleableProduct(emu, shop, w)
    if (seen.has(product.id))
      throw fieldError(
        400,
        `${w.field}.productId`,
        `"${product.name}" is listed twice; give each product once with its quantity`,
      )
    seen.add(product.id)
    const setup = emu.store.c.fulfilments.get(product.id)
    resolved.push({
      product,
      setup,
      quantity: w.quantity,
      field: w.field,
      trial: product.type === 'Subscription' && (setup?.subscription?.trialDays ?? 0) > 0,
    })
  }

  const currency = resolved[0].product.currency
  const other = resolved.find((r) => r.product.currency !== currency)
  if (other)
    throw fieldError(
      400,
      body.items ? 'items' : 'groupId',
      `products of one order must share a currency ("${resolved[0].product.name}" is ${currency}, "${other.product.name}" is ${other.product.currency})`,
    )

  for (const r of resolved) {
    if (r.product.type === 'MysteryBox' && !r.setup?.mystery) {
      throw new StoreError(
        409,
        `"${r.product.name}" has no published drop table yet, so it cannot be sold; the merchant sets one with PUT /_emulator/products/${r.product.id}/fulfilment`,
      )
    }
    const available = availableUnits(emu, r.product, r.setup)
    if (available !== null && r.quantity > available) {
      const field = r.field === 'groupId' ? 'groupId' : `${r.field}.quantity`
      throw fieldError(409, field, `only ${available} of "${r.product.name}" in stock (asked for ${r.quantity})`)
    }
  }

  const lines = resolved.map((r) => ({ price: r.trial ? 0 : r.product.price, quantity: r.quantity }))
  const beforeCoupon = priceOrder({ lines, groupDiscountPercent: group?.discountPercent ?? 0 }).beforeCoupon
  let coupon: CouponRecord | undefined
  if (body.couponCode !== undefined) {
    coupon = findCouponByCode(emu, shop, body.couponCode)
    const refusal = couponRefusal(coupon, body.couponCode, emu.clock.now(), beforeCoupon)
    if (refusal) throw refusal
  }
  const priced = priceOrder({ lines, groupDiscountPercent: group?.discountPercent ?? 0, coupon })
  const hasMystery = resolved.some((r) => r.product.type === 'MysteryBox')
  const clientSeed = hasMystery ? clientSeedOf(emu, body.customFields) : undefined

  // Every check passed: from here on only writes.
  const now = emu.nowIso()
  const orderNumber = nextOrderNumber(emu, tx, shop.id)
  const customer = recordOrderPlaced(emu, tx, shop, { email: body.email, name: body.name, country }, now)
  const orderId = emu.newId('ord')
  const items: Line[] = resolved.map((r, i) => {
    const line: Line = {
      id: emu.newId('item'),
      productId: r.product.id,
      productName: r.product.name,
      productType: r.product.type,
      quantity: r.quantity,
      price: lines[i].price,
      total: priced.lineTotals[i],
      delivery: { status: 'awaiting_payment' },
      ...(r.trial ? { trial: true } : {}),
    }
    if (r.product.type !== 'MysteryBox') return line
    const state = r.setup!.mystery!
    tx.put('seals', {
      id: line.id,
      shopId: shop.id,
      orderId,
      productId: r.product.id,
      serverSeed: state.serverSeed,
      createdAt: now,
    })
    tx.put('fulfilments', { ...r.setup!, mystery: rotateSeed(emu, state), updatedAt: now })
    return {
      ...line,
      mystery: { commitment: state.commitment, poolVersion: state.poolVersion, clientSeed: clientSeed!, opens: [] },
    }
  })
  if (coupon) tx.put('coupons', { ...coupon, usedCount: coupon.usedCount + 1, updatedAt: now })

  const order: CommerceOrder = {
    id: orderId,
    orderNumber,
    status: 'pending',
    paymentStatus: 'unpaid',
    total: priced.total,
    currency,
    customerEmail: body.email,
    customerName: body.name || customer.name,
    paymentMethod: body.gateway ?? '',
    createdAt: now,
    paidAt: null,
    items,
    shopId: shop.id,
    customerId: customer.id,
    subtotal: priced.subtotal,
    discount: priced.discount,
    groupId: group?.id ?? null,
    groupDiscount: priced.groupDiscount,
    couponId: coupon?.id ?? null,
    couponCode: coupon?.code ?? null,
    couponType: coupon?.type ?? null,
    couponDiscount: priced.couponDiscount,
    customFields: body.customFields ?? {},
    gateway: body.gateway ?? 'processor',
    ip,
    country,
    amountPaid: 0,
    payments: [],
    tracking: [],
    disputedAt: null,
    updatedAt: now,
    origin: 'checkout',
    subscriptionId: null,
  }
  tx.put('orders', order)
  emitOrderEvents(emu, tx, shop, 'order:created', order)
  return order
}
