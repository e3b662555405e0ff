// The emulator control API (DESIGN.md, "Emulator control API — the dashboard's functions, over
// HTTP"): what the hosted service configures in its dashboard. Only `store serve` answers these.
import { z } from 'zod'
import { SuccessSchema } from '../spec/common.js'
import { ApiKeySchema, ShopListSchema, ShopSchema, type CreateShopBody } from '../spec/shops.js'
import {
  ClockSchema,
  FulfilmentSetupSchema,
  type FulfilmentSetupBodySchema,
  type PayBodySchema,
  type TrackingBodySchema,
} from '../spec/fulfilment.js'
import { segment, type Http } from './http.js'

const KeyListSchema = z.object({ keys: z.array(ApiKeySchema) })
/** Answers the control API documents in the README rather than the spec; checked for being JSON objects. */
const AnyObject = z.looseObject({})

export function emulator(http: Http) {
  const control = <S extends z.ZodType>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, schema: S, body?: unknown) =>
    http.request(method, `/_emulator${path}`, { root: 'origin', body, schema })
  return {
    /** The account's shops, oldest first. */
    listShops: () => control('GET', '/shops', ShopListSchema),
    createShop: (body: CreateShopBody) => control('POST', '/shops', ShopSchema, body),
    listKeys: () => control('GET', '/keys', KeyListSchema),
    /** A new key; its `secret` is in this answer only. */
    createKey: (body: { name?: string } = {}) => control('POST', '/keys', ApiKeySchema, body),
    revokeKey: (id: string) => control('DELETE', `/keys/${segment(id)}`, SuccessSchema),
    /** The product's dashboard-only setup: pools, files, dynamic URL, mystery table with its commitment. */
    getFulfilment: (productId: string) => control('GET', `/products/${segment(productId)}/fulfilment`, FulfilmentSetupSchema),
    /** Replaces the given parts of the setup (`null` removes one); `serials` replaces the pool and stock follows it. */
    setFulfilment: (productId: string, body: z.input<typeof FulfilmentSetupBodySchema>) => control('PUT', `/products/${segment(productId)}/fulfilment`, FulfilmentSetupSchema, body),
    /** Marks an order paid (less than the amount due: partial) and runs fulfilment; idempotent. */
    payOrder: (orderId: string, body: z.input<typeof PayBodySchema> = {}) => control('POST', `/orders/${segment(orderId)}/pay`, AnyObject, body),
    addTracking: (orderId: string, body: z.input<typeof TrackingBodySchema>) => control('POST', `/orders/${segment(orderId)}/tracking`, AnyObject, body),
    disputeOrder: (orderId: string) => control('POST', `/orders/${segment(orderId)}/dispute`, AnyObject),
    cancelSubscription: (id: string) => control('POST', `/subscriptions/${segment(id)}/cancel`, AnyObject),
    /** Moves the emulator clock forward: renewals, trial ends and notices fall due and fire. */
    advanceClock: (seconds: number) => control('POST', '/clock/advance', ClockSchema, { seconds }),
    /** The merchant's reply to a customer query. */
    replyToQuery: (queryId: string, message: string) => control('POST', `/queries/${segment(queryId)}/reply`, AnyObject, { message }),
  }
}
export type EmulatorClient = ReturnType<typeof emulator>
