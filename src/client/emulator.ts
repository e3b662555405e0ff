// The emulator control API (DESIGN.md, "Emulator control API — the dashboard's functions, over
// HTTP"): what the hosted service configures in its dashboard. Only `store serve` answers these.
import type { z } from 'zod'
import { SuccessSchema } from '../spec/common.js'
import { ApiKeyListSchema, ApiKeySchema, ShopListSchema, ShopSchema, type CreateShopBody } from '../spec/shops.js'
import {
  ClockSchema,
  FulfilmentSetupSchema,
  type FulfilmentSetupBodySchema,
  type PayBodySchema,
  type TrackingBodySchema,
} from '../spec/fulfilment.js'
import { OrderSchema } from '../spec/orders.js'
import { SubscriptionSchema } from '../spec/subscriptions.js'
import { QueryListSchema, QuerySchema } from '../spec/storefront.js'
import { segment, type Http } from './http.js'

export function emulator(http: Http) {
  const control = <S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    schema: S,
    body?: unknown,
  ) => http.request(method, `/_emulator${path}`, { root: 'origin', body, schema })
  return {
    /** The account's shops, oldest first. */
    listShops: () => control('GET', '/shops', ShopListSchema),
    createShop: (body: CreateShopBody) => control('POST', '/shops', ShopSchema, body),
    listKeys: () => control('GET', '/keys', ApiKeyListSchema),
    /** A new key; its `secret` is in this answer only. */
    createKey: (body: { name?: string } = {}) => control('POST', '/keys', ApiKeySchema, body),
    revokeKey: (id: string) => control('DELETE', `/keys/${segment(id)}`, SuccessSchema),
    /** The product's dashboard-only setup: pools, files, dynamic URL, mystery table with its commitment. */
    getFulfilment: (productId: string) =>
      control('GET', `/products/${segment(productId)}/fulfilment`, FulfilmentSetupSchema),
    /** Replaces the given parts of the setup (`null` removes one); `serials` replaces the pool and stock follows it. */
    setFulfilment: (productId: string, body: z.input<typeof FulfilmentSetupBodySchema>) =>
      control('PUT', `/products/${segment(productId)}/fulfilment`, FulfilmentSetupSchema, body),
    /** Marks an order paid (less than the amount due: partial) and runs fulfilment; idempotent. Answers the order. */
    payOrder: (orderId: string, body: z.input<typeof PayBodySchema> = {}) =>
      control('POST', `/orders/${segment(orderId)}/pay`, OrderSchema, body),
    /** Runs fulfilment again for lines left undelivered (no stock then, dynamic endpoint down). */
    retryDelivery: (orderId: string) => control('POST', `/orders/${segment(orderId)}/deliver`, OrderSchema),
    addTracking: (orderId: string, body: z.input<typeof TrackingBodySchema>) =>
      control('POST', `/orders/${segment(orderId)}/tracking`, OrderSchema, body),
    disputeOrder: (orderId: string) => control('POST', `/orders/${segment(orderId)}/dispute`, OrderSchema),
    /** CANCELLED at once; answers the subscription. */
    cancelSubscription: (id: string) => control('POST', `/subscriptions/${segment(id)}/cancel`, SubscriptionSchema),
    /** The emulator's time. */
    getClock: () => control('GET', '/clock', ClockSchema),
    /** Moves the emulator clock forward: renewals, trial ends and notices fall due and fire. */
    advanceClock: (seconds: number) => control('POST', '/clock/advance', ClockSchema, { seconds }),
    /** Customer queries, newest first. */
    listQueries: () => control('GET', '/queries', QueryListSchema),
    /** The merchant's reply to a customer query (`query:replied`). */
    replyToQuery: (queryId: string, message: string) =>
      control('POST', `/queries/${segment(queryId)}/reply`, QuerySchema, { message }),
  }
}
export type EmulatorClient = ReturnType<typeof emulator>
