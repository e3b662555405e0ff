import type { MysteryOpen } from '../../../fairness/index.js'
import type { CouponType } from '../../../spec/coupons.js'
import type { Delivery, OrderItem } from '../../../spec/orders.js'
import type { ProductType } from '../../../spec/products.js'
import type { OrderRecord } from '../../store/records.js'
import type { Tx } from '../../store/store.js'

/** The mystery part of an order line: what was bound at checkout, and after payment the seed and the opens. */
export interface LineMystery {
  commitment: string
  poolVersion: number
  clientSeed: string
  /** Only after payment; before it the seed sits in the `seals` collection. */
  serverSeed?: string
  opens: MysteryOpen[]
}

/** The declared fields of a loose record type, without its `[key: string]: unknown` index signature. */
type Known<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] }

/**
 * An order line as commerce writes it. `taken` counts the units allocated to the line from stock,
 * a code pool or a drop table; it is set once, so a retry never takes twice.
 */
export type Line = Omit<Known<OrderItem>, 'mystery'> & {
  productType?: ProductType
  delivery?: Delivery
  taken?: number
  /** A Subscription line whose plan starts with a free trial: charged 0 now, first charge when the trial ends. */
  trial?: boolean
  mystery?: LineMystery
}

export interface Payment {
  amount: number
  gateway: string
  at: string
}
export interface Tracking {
  code: string
  carrier: string | null
  addedAt: string
}

/** What commerce keeps on an order beyond the spec's fields (seeded orders may lack any of them). */
export interface OrderExtras {
  subtotal: number
  discount: number
  groupId: string | null
  groupDiscount: number
  couponId: string | null
  couponCode: string | null
  couponType: CouponType | null
  couponDiscount: number
  customFields: Record<string, unknown>
  gateway: string
  ip: string | null
  country: string | null
  amountPaid: number
  payments: Payment[]
  tracking: Tracking[]
  disputedAt: string | null
  updatedAt: string
  /** `checkout` or `renewal` (an order the clock created for a subscription period). */
  origin: 'checkout' | 'renewal'
  subscriptionId: string | null
}

export type CommerceOrder = Omit<Known<OrderRecord>, 'items'> & Partial<OrderExtras> & { items: Line[] }

/** An order record as commerce reads it. */
export function asCommerce(order: OrderRecord): CommerceOrder {
  return order as unknown as CommerceOrder
}

/** Stores an order (the one cast between commerce's view and the db's loose record type). */
export function putOrder(tx: Tx, order: CommerceOrder): CommerceOrder {
  return asCommerce(tx.put('orders', order as unknown as OrderRecord))
}
