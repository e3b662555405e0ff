import { StoreError } from '../../../contract/errors.js'
import {
  GROUP_EMPTY,
  INFO_CARD_NOT_FOR_SALE,
  LISTED_TWICE,
  MIXED_CURRENCIES,
  NO_DROP_TABLE,
  OUT_OF_STOCK,
  type CheckoutBody,
} from '../../../contract/storefront.js'
import { refuse } from '../../../contract/refusals.js'
import type { ServiceDeps } from '../common/deps.js'
import type {
  CouponRecord,
  FulfilmentRecord,
  GroupRecord,
  OrderLineRecord,
  OrderRecord,
  ProductRecord,
  ShopRecord,
} from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'
import { findCouponByCode } from '../coupons/rules.js'
import { assertNotBlacklisted } from '../blacklists/rules.js'
import { couponRefusal } from '../coupons/refusal.js'
import { clientSeedOf, rotateSeed } from '../catalogue/mystery.js'
import { emitOrderEvents } from '../orders/flow.js'
import { placeOrder } from '../orders/rules.js'
import { priceOrder } from './pricing.js'
import { availableUnits } from '../catalogue/stock.js'
import { lookUpProduct } from '../catalogue/products.js'
import { setupHint } from '../catalogue/setup-hint.js'
import { rowOfShop } from '../common/shop-rows.js'

/** Who is checking out, as the connection tells it (the body's `ip` and `country` take precedence). */
export interface Visitor {
  ip: string | null
  country: string | null
}

interface Resolved {
  product: ProductRecord
  setup: FulfilmentRecord | undefined
  quantity: number
  field: string
  trial: boolean
}

/** Places an order: every check first, then every write. Stock is checked here but taken at payment. */
export function checkout(
  deps: ServiceDeps,
  tx: Tx,
  shop: ShopRecord,
  body: CheckoutBody,
  visitor: Visitor,
): OrderRecord {
  const ip = body.ip ?? visitor.ip
  const country = body.country ?? visitor.country
  assertNotBlacklisted(deps, shop, { email: body.email, ip, country })

  let group: GroupRecord | null = null
  let wanted = body.items?.map((item, at) => ({ ...item, field: `items.${at}` }))
  if (!wanted) {
    group = rowOfShop(deps.collections.groups, shop, body.groupId!, 'group')
    if (group.productIds.length === 0) throw refuse(GROUP_EMPTY, { name: group.name })
    wanted = group.productIds.map((productId) => ({ productId, quantity: 1, field: 'groupId' }))
  }
  const resolved: Resolved[] = []
  for (const w of wanted) {
    // Live only (unlisted is fine: reachable by direct id); Draft and Archived answer like unknown ones.
    const product = lookUpProduct(deps, shop, w.productId)
    const field = w.field === 'groupId' ? 'groupId' : `${w.field}.productId`
    if (product?.status !== 'Live')
      throw new StoreError(404, `product not found: ${w.productId}`, [
        { field, message: 'is not a product on sale in this shop' },
      ])
    if (product.type === 'InfoCard') throw refuse(INFO_CARD_NOT_FOR_SALE, { field, name: product.name })
    if (resolved.some((r) => r.product.id === product.id))
      throw refuse(LISTED_TWICE, { field: `${w.field}.productId`, name: product.name })
    const setup = deps.collections.fulfilments.get(product.id)
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
    throw refuse(MIXED_CURRENCIES, {
      field: body.items ? 'items' : 'groupId',
      first: resolved[0].product.name,
      currency,
      other: other.product.name,
      otherCurrency: other.product.currency,
    })

  for (const r of resolved) {
    if (r.product.type === 'MysteryBox' && !r.setup?.mystery) {
      throw refuse(NO_DROP_TABLE, {
        name: r.product.name,
        how: setupHint(r.product.productId, '--mystery @table.json'),
      })
    }
    const available = availableUnits(deps, r.product, r.setup)
    if (available !== null && r.quantity > available) {
      const field = r.field === 'groupId' ? 'groupId' : `${r.field}.quantity`
      const refill =
        r.product.type === 'Serial'
          ? `; its stock is its code pool: add codes with ${setupHint(r.product.productId, '--serials @codes.txt')}`
          : ''
      throw refuse(OUT_OF_STOCK, { field, available, name: r.product.name, quantity: r.quantity, refill })
    }
  }

  const lines = resolved.map((r) => ({ price: r.trial ? 0 : r.product.price, quantity: r.quantity }))
  const beforeCoupon = priceOrder({ lines, groupDiscountPercent: group?.discountPercent ?? 0 }).beforeCoupon
  let coupon: CouponRecord | undefined
  if (body.couponCode !== undefined) {
    coupon = findCouponByCode(deps, shop, body.couponCode)
    const refusal = couponRefusal(coupon, body.couponCode, deps.now(shop), beforeCoupon)
    if (refusal) throw refusal
  }
  const priced = priceOrder({ lines, groupDiscountPercent: group?.discountPercent ?? 0, coupon })
  const hasMystery = resolved.some((r) => r.product.type === 'MysteryBox')
  const clientSeed = hasMystery ? clientSeedOf(deps, body.customFields) : undefined

  // Every check passed: from here on only writes.
  const now = deps.nowIso(shop)
  if (coupon) tx.put('coupons', { ...coupon, usedCount: coupon.usedCount + 1, updatedAt: now })
  const order = placeOrder(deps, tx, shop, { email: body.email, name: body.name, country }, now, (orderId) => ({
    status: 'pending',
    paymentStatus: 'unpaid',
    total: priced.total,
    currency,
    paymentMethod: body.gateway ?? '',
    items: resolved.map((r, i) => {
      const line: OrderLineRecord = {
        id: deps.newId('item'),
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
      // The line is bound to the product's current commitment; the product moves on to a fresh seed.
      const state = r.setup!.mystery!
      tx.put('seals', {
        id: line.id,
        shopId: shop.id,
        orderId,
        productId: r.product.id,
        serverSeed: state.serverSeed,
        createdAt: now,
      })
      tx.put('fulfilments', { ...r.setup!, mystery: rotateSeed(deps, state), updatedAt: now })
      const { commitment, poolVersion } = state
      return { ...line, mystery: { commitment, poolVersion, clientSeed: clientSeed!, opens: [] } }
    }),
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
    origin: 'checkout',
  }))
  emitOrderEvents(deps, tx, shop, 'order:created', order)
  return order
}
