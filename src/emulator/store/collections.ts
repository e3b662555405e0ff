import { Collection, type Row } from './collection.js'
import type * as R from '../../contract/rows.js'
import { nextDueOf } from '../../contract/subscription-due.js'

const byShop = (row: { shopId: string }) => row.shopId

/** Every collection of the db with its indexes: one place to add a collection. */
export function createCollections() {
  return {
    meta: new Collection<R.MetaRecord>('meta'),
    accounts: new Collection<R.AccountRecord>('accounts'),
    shops: new Collection<R.ShopRecord>('shops', {
      unique: { slug: (s) => s.slug },
      ordered: { account: (s) => s.accountId },
    }),
    keys: new Collection<R.KeyRecord>('keys', {
      unique: { hash: (k) => k.hash },
      ordered: { account: (k) => k.accountId },
    }),
    products: new Collection<R.ProductRecord>('products', {
      unique: { productId: (p) => p.productId },
      ordered: { shop: byShop, live: (p) => (p.status === 'Live' ? p.shopId : undefined) },
    }),
    fulfilments: new Collection<R.FulfilmentRecord>('fulfilments'),
    // Serial pools, one row per unused code, in pool order per product; delivered codes per product.
    serials: new Collection<R.SerialRecord>('serials', {
      ordered: { product: (s) => s.productId },
      sortKey: (s) => ({ time: s.position, id: s.id }),
    }),
    deliveredCodes: new Collection<R.DeliveredCodeRecord>('deliveredCodes', {
      ordered: { product: (d) => d.productId },
      sortKey: (d) => ({ time: 0, id: d.id }),
    }),
    orders: new Collection<R.OrderRecord>('orders', {
      unique: { orderNumber: (o) => `${o.shopId}:${o.orderNumber}` },
      ordered: { shop: byShop, customer: (o) => o.customerId ?? undefined },
    }),
    coupons: new Collection<R.CouponRecord>('coupons', {
      unique: { code: (c) => `${c.shopId}:${c.code}` },
      ordered: { shop: byShop },
    }),
    // `entry` finds an entry by shop, type and normalised value (duplicates are refused; checkout looks visitors up by it).
    blacklists: new Collection<R.BlacklistRecord>('blacklists', {
      unique: { entry: (b) => `${b.shopId}:${b.type}:${b.value}` },
      ordered: { shop: byShop },
    }),
    categories: new Collection<R.CategoryRecord>('categories', { ordered: { shop: byShop } }),
    groups: new Collection<R.GroupRecord>('groups', { ordered: { shop: byShop } }),
    customers: new Collection<R.CustomerRecord>('customers', {
      unique: { email: (c) => `${c.shopId}:${c.email}` },
      ordered: { shop: byShop },
    }),
    // `due`: per shop, the subscriptions the clock will move, by when (spec/subscription-due.ts).
    subscriptions: new Collection<R.SubscriptionRecord>('subscriptions', {
      ordered: {
        shop: byShop,
        due: {
          scope: (s) => (nextDueOf(s) ? s.shopId : undefined),
          sortKey: (s) => ({ time: nextDueOf(s)!.at, id: s.id }),
        },
      },
    }),
    themes: new Collection<R.ThemeRecord>('themes', { keyOf: (t) => `${t.shopId}:${t.id}`, ordered: { shop: byShop } }),
    // The event log in sequence order: per shop (SSE resume), and one list of all (the last sequence).
    events: new Collection<R.EventRecord>('events', {
      ordered: { shop: byShop, all: () => 'all' },
      sortKey: (e) => ({ time: e.seq, id: e.id }),
    }),
    webhooks: new Collection<R.WebhookRecord>('webhooks', { ordered: { shop: byShop } }),
    deliveries: new Collection<R.DeliveryRecord>('deliveries', {
      ordered: {
        shop: byShop,
        unsettled: (d) => (d.state === 'pending' || d.state === 'retrying' ? 'all' : undefined),
      },
    }),
    seals: new Collection<R.SealRecord>('seals'),
    queries: new Collection<R.QueryRecord>('queries', { ordered: { shop: byShop } }),
    feedback: new Collection<R.FeedbackRecord>('feedback', {
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

/** Who a row of `name` belongs to: the collection of its owners and the field naming one (none for the rest). */
export function ownerOf(c: Collections, name: CollectionName) {
  if (collectionNamed(c, name).hasShopIndex) return { owners: c.shops, field: 'shopId', kind: 'shop' } as const
  if (name === 'shops' || name === 'keys') return { owners: c.accounts, field: 'accountId', kind: 'account' } as const
  return undefined
}

/** Every collection by name, as rows of any kind. */
export const eachCollection = (c: Collections) => Object.entries(c) as unknown as [CollectionName, AnyCollection][]
