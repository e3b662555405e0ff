import { StoreError } from '../../../contract/errors.js'
import type { OrderRecord, ShopRecord } from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'
import type { ServiceDeps } from '../common/deps.js'
import { rowOfShop } from '../common/shop-rows.js'
import { type Buyer, recordOrderPlaced } from '../customers/bookkeeping.js'

/** An order of the shop by internal id or `ORD-<n>` orderNumber (spec, "Resources: Order"); 404 otherwise. */
export function findOrder(deps: ServiceDeps, shop: ShopRecord, id: string): OrderRecord {
  const { orders } = deps.collections
  return rowOfShop(orders, shop, id, 'order', () =>
    orders.getBy('orderNumber', `${shop.id}:${/^ord-\d+$/i.test(id) ? id.toUpperCase() : id}`),
  )
}

/** The shop's next `ORD-<n>` from its `orderSeq`, skipping numbers seeded orders took. */
function nextOrderNumber(deps: ServiceDeps, tx: Tx, shopId: string): string {
  const shop = deps.collections.shops.get(shopId)
  if (!shop) throw new StoreError(404, `shop not found: ${shopId}`)
  let seq = shop.orderSeq
  do seq++
  while (deps.collections.orders.getBy('orderNumber', `${shop.id}:ORD-${seq}`))
  tx.put('shops', { ...shop, orderSeq: seq })
  return `ORD-${seq}`
}

type OrderFields = Pick<OrderRecord, 'status' | 'paymentStatus' | 'total' | 'currency' | 'items' | 'origin'> &
  Partial<OrderRecord>

/** Stores a new order of checkout or a renewal: numbers it and counts it to the buyer's customer record. */
export function placeOrder(
  deps: ServiceDeps,
  tx: Tx,
  shop: ShopRecord,
  buyer: Buyer,
  at: string,
  fill: (id: string) => OrderFields,
): OrderRecord {
  const orderNumber = nextOrderNumber(deps, tx, shop.id)
  const customer = recordOrderPlaced(deps, tx, shop, buyer, at)
  const id = deps.newId('ord')
  const fields = fill(id)
  return tx.put('orders', {
    id,
    orderNumber,
    customerEmail: buyer.email,
    customerName: buyer.name || customer.name,
    paymentMethod: '',
    createdAt: at,
    paidAt: null,
    shopId: shop.id,
    customerId: customer.id,
    subtotal: fields.total,
    discount: 0,
    groupId: null,
    groupDiscount: 0,
    couponId: null,
    couponCode: null,
    couponDiscount: 0,
    customFields: {},
    gateway: 'processor',
    ip: null,
    country: null,
    amountPaid: 0,
    payments: [],
    tracking: [],
    disputedAt: null,
    updatedAt: at,
    subscriptionId: null,
    ...fields,
  })
}
