import { Collection, type Row } from './collection.js'
import type {
  AccountRecord,
  BlacklistRecord,
  CategoryRecord,
  CouponRecord,
  CustomerRecord,
  FulfilmentRecord,
  GroupRecord,
  KeyRecord,
  MetaRecord,
  EventRecord,
  WebhookRecord,
  DeliveryRecord,
  OrderRecord,
  ProductRecord,
  ShopRecord,
  SubscriptionRecord,
  ThemeRecord,
} from './records.js'
import { nextDueOf } from '../../spec/subscription-due.js'
import type { DeliveredCodeRecord, FeedbackRecord, QueryRecord, SealRecord, SerialRecord } from './records.js'

const byShop = (row: { shopId: string }) => row.shopId

/** Every collection of the db with its indexes: one place to add a collection. */
export function createCollections() {
  return {
    meta: new Collection<MetaRecord>('meta'),
    accounts: new Collection<AccountRecord>('accounts'),
    shops: new Collection<ShopRecord>('shops', {
      unique: { slug: (s) => s.slug },
      ordered: { account: (s) => s.accountId },
    }),
    keys: new Collection<KeyRecord>('keys', {
      unique: { hash: (k) => k.hash },
      ordered: { account: (k) => k.accountId },
    }),
    products: new Collection<ProductRecord>('products', {
      unique: { productId: (p) => p.productId },
      ordered: { shop: byShop, live: (p) => (p.status === 'Live' ? p.shopId : undefined) },
    }),
    fulfilments: new Collection<FulfilmentRecord>('fulfilments'),
    // Serial pools, one row per unused code, in pool order per product; delivered codes per product.
    serials: new Collection<SerialRecord>('serials', {
      ordered: { product: (s) => s.productId },
      sortKey: (s) => ({ time: s.position, id: s.id }),
    }),
    deliveredCodes: new Collection<DeliveredCodeRecord>('deliveredCodes', {
      ordered: { product: (d) => d.productId },
      sortKey: (d) => ({ time: 0, id: d.id }),
    }),
    orders: new Collection<OrderRecord>('orders', {
      unique: { orderNumber: (o) => `${o.shopId}:${o.orderNumber}` },
      ordered: { shop: byShop, customer: (o) => o.customerId ?? undefined },
    }),
    coupons: new Collection<CouponRecord>('coupons', {
      unique: { code: (c) => `${c.shopId}:${c.code}` },
      ordered: { shop: byShop },
    }),
    // `entry` finds an entry by shop, type and normalised value (duplicates are refused; checkout looks visitors up by it).
    blacklists: new Collection<BlacklistRecord>('blacklists', {
      unique: { entry: (b) => `${b.shopId}:${b.type}:${b.value}` },
      ordered: { shop: byShop },
    }),
    categories: new Collection<CategoryRecord>('categories', { ordered: { shop: byShop } }),
    groups: new Collection<GroupRecord>('groups', { ordered: { shop: byShop } }),
    customers: new Collection<CustomerRecord>('customers', {
      unique: { email: (c) => `${c.shopId}:${c.email}` },
      ordered: { shop: byShop },
    }),
    // `due`: per shop, the subscriptions the clock will move, by when (spec/subscription-due.ts).
    subscriptions: new Collection<SubscriptionRecord>('subscriptions', {
      ordered: {
        shop: byShop,
        due: {
          scope: (s) => (nextDueOf(s) ? s.shopId : undefined),
          sortKey: (s) => ({ time: nextDueOf(s)!.at, id: s.id }),
        },
      },
    }),
    themes: new Collection<ThemeRecord>('themes', { keyOf: (t) => `${t.shopId}:${t.id}`, ordered: { shop: byShop } }),
    // The event log in sequence order: per shop (SSE resume), and one list of all (the last sequence).
    events: new Collection<EventRecord>('events', {
      ordered: { shop: byShop, all: () => 'all' },
      sortKey: (e) => ({ time: e.seq, id: e.id }),
    }),
    webhooks: new Collection<WebhookRecord>('webhooks', { ordered: { shop: byShop } }),
    deliveries: new Collection<DeliveryRecord>('deliveries', {
      ordered: {
        shop: byShop,
        unsettled: (d) => (d.state === 'pending' || d.state === 'retrying' ? 'all' : undefined),
      },
    }),
    seals: new Collection<SealRecord>('seals'),
    queries: new Collection<QueryRecord>('queries', { ordered: { shop: byShop } }),
    feedback: new Collection<FeedbackRecord>('feedback', {
      unique: { order: (f) => `${f.orderId}:${f.productId}` },
      ordered: { shop: byShop },
    }),
  }
}

export type Collections = ReturnType<typeof createCollections>
export type CollectionName = keyof Collections
export type RowOf<K extends CollectionName> = Collections[K] extends Collection<infer T> ? T : never
export type AnyCollection = Collection<Row>

/** One collection as rows of any kind, for code that treats them alike (transactions, loading, snapshots). */
export const collectionNamed = (c: Collections, name: CollectionName) => c[name] as unknown as AnyCollection

/** Every collection by name, as rows of any kind. */
export const eachCollection = (c: Collections) => Object.entries(c) as unknown as [CollectionName, AnyCollection][]
