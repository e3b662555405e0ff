import type { Product } from '../../spec/products.js'
import type { Order } from '../../spec/orders.js'
import type { Coupon } from '../../spec/coupons.js'
import type { BlacklistEntry } from '../../spec/blacklists.js'
import type { Customer } from '../../spec/customers.js'
import type { Subscription } from '../../spec/subscriptions.js'
import type { MysteryOutcome } from '../../fairness/index.js'
import type { WebhookEventKind } from '../../spec/events.js'
import type { Webhook, WebhookDelivery } from '../../spec/webhooks.js'

/** What the db holds: API records plus the internal fields routes never show (`shopId`, hashes). */
export interface AccountRecord {
  id: string
  name: string
  createdAt: string
}
export interface ShopRecord {
  id: string
  accountId: string
  name: string
  slug: string
  createdAt: string
  orderSeq: number
}
export interface KeyRecord {
  id: string
  accountId: string
  hash: string
  prefix: string
  last4: string
  name: string | null
  createdAt: string
}
export type ProductRecord = Product & { shopId: string }
export type OrderRecord = Order & { shopId: string; customerId: string | null }
export type CouponRecord = Coupon & { shopId: string }
export type BlacklistRecord = BlacklistEntry & { shopId: string }
export interface CategoryRecord {
  id: string
  shopId: string
  name: string
  sortOrder: number
  unlisted: boolean
  productIds: string[]
  groupIds: string[]
  createdAt: string
  updatedAt: string
}
export interface GroupRecord {
  id: string
  shopId: string
  name: string
  description: string
  discountPercent: number
  image: string | null
  sortOrder: number
  unlisted: boolean
  productIds: string[]
  createdAt: string
  updatedAt: string
}
export type CustomerRecord = Customer & { shopId: string; notes: { text: string; createdAt: string }[] }
export type SubscriptionRecord = Subscription & { shopId: string }
export interface ThemeRecord {
  id: string
  shopId: string
  name: string
  owner: string
  version: string
  isActive: boolean
  config: Record<string, unknown>
  css: string
  updatedAt: string
  createdAt: string
}

/** Dashboard-only product setup (`PUT /_emulator/products/:id/fulfilment`); id = the product's id. */
export interface FulfilmentRecord {
  id: string
  shopId: string
  deliveryMessage?: string
  files?: { name: string; url: string }[]
  /** The product has a serial pool (set by PUT `serials`, possibly used up): its codes are rows of `serials`. */
  serialPool?: true
  dynamicWebhookUrl?: string
  mystery?: { serverSeed: string; commitment: string; poolVersion: number; outcomes: MysteryOutcome[] }
  subscription?: { interval: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; intervalCount: number; trialDays: number }
  updatedAt: string
}

/**
 * One unused code of a product's serial pool (id `<productId>:<position>`). Codes are rows of their
 * own, ordered per product by `position`, so a sale deletes a few small rows instead of rewriting
 * the pool (issue 7).
 */
export interface SerialRecord {
  id: string
  shopId: string
  productId: string
  code: string
  position: number
}

/**
 * A code delivered to a buyer (id `<productId>:<code>`), serial or mystery: a setup may not bring
 * one back (every code is delivered once).
 */
export interface DeliveredCodeRecord {
  id: string
  shopId: string
  productId: string
  code: string
  deliveredAt: string
}

/**
 * The server seed a mystery-box order line was bound to at checkout, kept apart from the order
 * until payment so no view of an unpaid order can show it (id = the order item's id).
 */
export interface SealRecord {
  id: string
  shopId: string
  orderId: string
  productId: string
  serverSeed: string
  createdAt: string
}

/** A customer query from the storefront (`query:created`, `query:replied`). */
export interface QueryRecord {
  id: string
  shopId: string
  ticketId: string
  customerEmail: string
  customerId: string | null
  orderId: string | null
  subject: string
  message: string
  status: 'open' | 'answered'
  replies: { message: string; createdAt: string }[]
  replyCount: number
  createdAt: string
  updatedAt: string
}

/** Feedback a buyer left on a paid invoice (`feedback:received`). */
export interface FeedbackRecord {
  id: string
  shopId: string
  orderId: string
  orderNumber: string
  productId: string
  productTitle: string
  customerEmail: string
  customerId: string | null
  rating: number
  comment: string
  createdAt: string
}

/** Emulator-wide settings that survive restarts (the clock offset). */
export interface MetaRecord {
  id: 'meta'
  clockOffsetMs: number
  eventSeq: number
}

/** One entry of the ordered event log: `seq` grows by one per event of the emulator (SSE ids, resume). */
export interface EventRecord {
  id: string
  seq: number
  shopId: string
  accountId: string
  kind: WebhookEventKind
  data: Record<string, unknown>
  createdAt: string
}
/** A webhook endpoint of a shop (`/_emulator/webhooks`). */
export type WebhookRecord = Webhook & { shopId: string }
/** One delivery of the webhook log, with every attempt and the exact body sent. */
export type DeliveryRecord = WebhookDelivery & { shopId: string }
