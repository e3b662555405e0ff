import type { Product } from '../../spec/products.js'
import type { Order } from '../../spec/orders.js'
import type { Coupon } from '../../spec/coupons.js'
import type { BlacklistEntry } from '../../spec/blacklists.js'
import type { Customer } from '../../spec/customers.js'
import type { Subscription } from '../../spec/subscriptions.js'
import type { MysteryOutcome } from '../../fairness/index.js'

/** What the db holds: API records plus the internal fields routes never show (`shopId`, hashes). */
export interface AccountRecord { id: string; name: string; createdAt: string }
export interface ShopRecord { id: string; accountId: string; name: string; slug: string; createdAt: string; orderSeq: number }
export interface KeyRecord { id: string; accountId: string; hash: string; prefix: string; last4: string; name: string | null; createdAt: string }
export type ProductRecord = Product & { shopId: string }
export type OrderRecord = Order & { shopId: string; customerId: string | null }
export type CouponRecord = Coupon & { shopId: string }
export type BlacklistRecord = BlacklistEntry & { shopId: string }
export interface CategoryRecord { id: string; shopId: string; name: string; sortOrder: number; unlisted: boolean; productIds: string[]; groupIds: string[]; createdAt: string; updatedAt: string }
export interface GroupRecord { id: string; shopId: string; name: string; description: string; discountPercent: number; image: string | null; sortOrder: number; unlisted: boolean; productIds: string[]; createdAt: string; updatedAt: string }
export type CustomerRecord = Customer & { shopId: string; notes: { text: string; createdAt: string }[] }
export type SubscriptionRecord = Subscription & { shopId: string }
export interface ThemeRecord { id: string; shopId: string; name: string; owner: string; version: string; isActive: boolean; config: Record<string, unknown>; css: string; updatedAt: string; createdAt: string }

/** Dashboard-only product setup (`PUT /_emulator/products/:id/fulfilment`); id = the product's id. */
export interface FulfilmentRecord {
  id: string
  shopId: string
  deliveryMessage?: string
  files?: { name: string; url: string }[]
  serials?: string[]
  dynamicWebhookUrl?: string
  mystery?: { serverSeed: string; commitment: string; poolVersion: number; outcomes: MysteryOutcome[] }
  subscription?: { interval: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; intervalCount: number; trialDays: number }
  updatedAt: string
}

/** Emulator-wide settings that survive restarts (the clock offset). */
export interface MetaRecord { id: 'meta'; clockOffsetMs: number; eventSeq: number }
