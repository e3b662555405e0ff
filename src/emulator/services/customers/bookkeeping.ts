// Customers kept per shop by e-mail from checkouts (DESIGN.md "Orders, fulfilment, stock"):
// totalOrders counts orders placed, totalSpent the money received, lastOrderAt the latest order.
import type { ServiceDeps } from '../common/deps.js'
import { cents } from '../../money.js'
import type { CustomerRecord, ShopRecord } from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'

/** What a customer row holds before anything is known of the buyer but the e-mail address (its `notes` a new array each time). */
export const NEW_CUSTOMER = {
  name: '',
  phone: null,
  country: null,
  city: null,
  totalOrders: 0,
  totalSpent: 0,
  lastOrderAt: null,
} as const satisfies Partial<CustomerRecord>

export interface Buyer {
  email: string
  name?: string
  country?: string | null
}

/** Finds or creates the shop's customer for an e-mail address and counts one more order placed at `at`. */
export function recordOrderPlaced(
  deps: ServiceDeps,
  tx: Tx,
  shop: ShopRecord,
  buyer: Buyer,
  at: string,
): CustomerRecord {
  const email = buyer.email.toLowerCase()
  const existing = deps.collections.customers.getBy('email', `${shop.id}:${email}`)
  const base: CustomerRecord = existing ?? {
    ...NEW_CUSTOMER,
    notes: [],
    id: deps.newId('cus'),
    email,
    createdAt: at,
    updatedAt: at,
    shopId: shop.id,
  }
  return tx.put('customers', {
    ...base,
    // A name or country given now fills what the record lacks; it never overwrites what is known.
    name: base.name || buyer.name || '',
    country: base.country ?? buyer.country ?? null,
    totalOrders: base.totalOrders + 1,
    lastOrderAt: base.lastOrderAt && base.lastOrderAt > at ? base.lastOrderAt : at,
    updatedAt: at,
  })
}

/**
 * Adds money received from a customer to `totalSpent` (partial payments count as they arrive); a
 * negative amount is money given back (a refund), never taking the total below zero.
 */
export function recordMoneyReceived(
  deps: ServiceDeps,
  tx: Tx,
  customerId: string | null,
  amount: number,
  at: string,
): void {
  if (!customerId || amount === 0) return
  const customer = deps.collections.customers.get(customerId)
  if (!customer) return
  tx.put('customers', { ...customer, totalSpent: Math.max(0, cents(customer.totalSpent + amount)), updatedAt: at })
}
