import {
  feedbackEventData,
  mysteryRevealedData,
  orderEventData,
  productEventData,
  queryEventData,
  subscriptionEventData,
  type PayloadSources,
} from '../../../contract/event-payloads.js'
import type { ListedFields } from '../../../contract/common.js'
import type {
  FeedbackEventKind,
  LineVariant,
  MysteryRevealedDataSchema,
  OrderKind,
  ProductEventKind,
  QueryEventKind,
  SubscriptionKind,
  WebhookEventKind,
} from '../../../contract/events.js'
import type { Order, OrderItem } from '../../../contract/orders.js'
import type { Feedback, Query } from '../../../contract/storefront.js'
import type { Product } from '../../../contract/products.js'
import type { Subscription } from '../../../contract/subscriptions.js'
import type { ShopRecord } from '../../../contract/rows.js'
import type { Collections } from '../../store/collections.js'

type ProductKind = Exclude<ProductEventKind, 'product:mystery:revealed'>

type OrderSubject = { order: Order }
type OrderLineSubject = { order: Order; item: OrderItem }
type SubscriptionSubject = { subscription: Subscription; order?: Order }
type ProductSubject = { product: Product }
type MysteryRevealedSubject = ListedFields<typeof MysteryRevealedDataSchema>
type QuerySubject = { query: Query }
type FeedbackSubject = { feedback: Feedback }

/** What an operation hands `emit` for each kind: the records as stored. */
export type EventSubjects = { [K in OrderKind]: OrderSubject } & {
  [K in LineVariant<OrderKind>]: OrderLineSubject
} & { [K in SubscriptionKind | LineVariant<SubscriptionKind>]: SubscriptionSubject } & {
  [K in ProductKind]: ProductSubject
} & { 'product:mystery:revealed': MysteryRevealedSubject } & { [K in QueryEventKind]: QuerySubject } & {
  [K in FeedbackEventKind]: FeedbackSubject
}
export type EventSubject<K extends WebhookEventKind> = EventSubjects[K]

/** The payload of an event, built by the contract's builders over lookups of the emulator's own rows. */
export function buildEventData(
  collections: Collections,
  shop: ShopRecord,
  subject: EventSubject<WebhookEventKind>,
): Record<string, unknown> {
  const { products } = collections
  const sources: PayloadSources = {
    shop: { id: shop.id, name: shop.name },
    product: (id) => products.get(id) ?? products.getBy('productId', id),
    plan: (productId) => collections.fulfilments.get(productId)?.subscription,
  }
  // Not re-validated here (it costs more than building it, on the request's path): the builders are
  // typed from the schemas, and test/emulator/events/kinds.test.ts checks every kind fired for real.
  if ('subscription' in subject) return subscriptionEventData(subject.subscription, sources, subject.order)
  if ('order' in subject) return orderEventData(subject.order, sources, 'item' in subject ? subject.item : undefined)
  if ('product' in subject) return productEventData(subject.product, sources.shop)
  if ('query' in subject) return queryEventData(subject.query, sources)
  if ('feedback' in subject) return feedbackEventData(subject.feedback, sources)
  return mysteryRevealedData({ id: subject.orderId, orderNumber: subject.orderNumber }, subject)
}
