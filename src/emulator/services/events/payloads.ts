import { StoreError } from '../../../spec/errors.js'
import {
  feedbackEventData,
  mysteryRevealedData,
  orderEventData,
  productEventData,
  queryEventData,
  subscriptionEventData,
  type FeedbackLike,
  type PayloadSources,
  type QueryLike,
} from '../../../spec/event-payloads.js'
import { categoryOf, isLineVariant, type MysteryRevealedData, type WebhookEventKind } from '../../../spec/events.js'
import type { Order, OrderItem } from '../../../spec/orders.js'
import type { Product } from '../../../spec/products.js'
import type { Subscription } from '../../../spec/subscriptions.js'
import type { ServiceDeps } from '../deps.js'
import type { ShopRecord } from '../../store/records.js'

/** What an operation hands `emit` for a kind (the records as stored; see EventBus.emit). */
export type SubjectOf<K extends WebhookEventKind> = K extends 'product:mystery:revealed'
  ? MysteryRevealedData
  : K extends `order:${string}:product`
    ? { order: Order; item: OrderItem }
    : K extends `order:${string}`
      ? { order: Order }
      : K extends `product:${string}`
        ? { product: Product }
        : K extends `subscription:${string}`
          ? { subscription: Subscription; order?: Order | null }
          : K extends `query:${string}`
            ? { query: QueryLike }
            : K extends `feedback:${string}`
              ? { feedback: FeedbackLike }
              : never

/** Lookups over the emulator's own rows, for the shared payload builders. */
export function emulatorSources(emu: ServiceDeps, shop: ShopRecord): PayloadSources {
  const products = emu.store.c.products
  return {
    shop: { id: shop.id, name: shop.name },
    product: (id) => products.get(id) ?? products.getBy('productId', id),
    plan: (productId) => emu.store.c.fulfilments.get(productId)?.subscription,
  }
}

function misuse(kind: string, expected: string): StoreError {
  return new StoreError(500, `internal error: ${kind} was emitted without ${expected}`)
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * The spec's `data` for an event, built from its subject at the moment it is emitted. A subject of
 * the wrong shape is a bug of the caller and refused loudly (the operation's transaction rolls back).
 */
export function buildEventData(
  emu: ServiceDeps,
  shop: ShopRecord,
  kind: WebhookEventKind,
  subject: unknown,
): Record<string, unknown> {
  if (!isObject(subject)) throw misuse(kind, 'a subject object')
  const sources = emulatorSources(emu, shop)
  let data: Record<string, unknown>
  switch (categoryOf(kind)) {
    case 'order': {
      if (!isObject(subject.order)) throw misuse(kind, '{ order }')
      if (isLineVariant(kind) && !isObject(subject.item))
        throw misuse(kind, '{ order, item } (one event per line item)')
      data = orderEventData(
        subject.order as Order,
        sources,
        isLineVariant(kind) ? (subject.item as OrderItem) : undefined,
      )
      break
    }
    case 'product':
      if (!isObject(subject.product)) throw misuse(kind, '{ product }')
      data = productEventData(subject.product as Product, sources.shop)
      break
    case 'mystery':
      if (typeof subject.orderId !== 'string' || typeof subject.productId !== 'string')
        throw misuse(kind, '{ orderId, orderNumber, productId, productName }')
      data = mysteryRevealedData(
        { id: subject.orderId, orderNumber: String(subject.orderNumber) },
        { productId: subject.productId, productName: String(subject.productName) },
      )
      break
    case 'subscription':
      if (!isObject(subject.subscription)) throw misuse(kind, '{ subscription, order? }')
      data = subscriptionEventData(
        subject.subscription as Subscription,
        sources,
        isObject(subject.order) ? (subject.order as Order) : undefined,
      )
      break
    case 'query':
      if (!isObject(subject.query)) throw misuse(kind, '{ query }')
      data = queryEventData(subject.query as QueryLike, sources)
      break
    case 'feedback':
      if (!isObject(subject.feedback)) throw misuse(kind, '{ feedback }')
      data = feedbackEventData(subject.feedback as FeedbackLike, sources)
      break
    default:
      throw misuse(kind, 'a known category')
  }
  // Not re-validated here (it costs more than building it, on the request's path): the builders are
  // typed from the schemas, and test/emulator/events/kinds.test.ts checks every kind fired for real.
  return data
}
