import { Collection, type Row } from './collection.js'
import type {
  AccountRecord, BlacklistRecord, CategoryRecord, CouponRecord, CustomerRecord, FulfilmentRecord, GroupRecord, KeyRecord,
  MetaRecord, OrderRecord, ProductRecord, ShopRecord, SubscriptionRecord, ThemeRecord,
} from './records.js'

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
    keys: new Collection<KeyRecord>('keys', { unique: { hash: (k) => k.hash }, ordered: { account: (k) => k.accountId } }),
    products: new Collection<ProductRecord>('products', {
      unique: { productId: (p) => p.productId },
      ordered: { shop: byShop, live: (p) => (p.status === 'Live' ? p.shopId : undefined) },
    }),
    fulfilments: new Collection<FulfilmentRecord>('fulfilments'),
    orders: new Collection<OrderRecord>('orders', {
      unique: { orderNumber: (o) => `${o.shopId}:${o.orderNumber}` },
      ordered: { shop: byShop, customer: (o) => o.customerId ?? undefined },
    }),
    coupons: new Collection<CouponRecord>('coupons', { unique: { code: (c) => `${c.shopId}:${c.code}` }, ordered: { shop: byShop } }),
    blacklists: new Collection<BlacklistRecord>('blacklists', { ordered: { shop: byShop } }),
    categories: new Collection<CategoryRecord>('categories', { ordered: { shop: byShop } }),
    groups: new Collection<GroupRecord>('groups', { ordered: { shop: byShop } }),
    customers: new Collection<CustomerRecord>('customers', { unique: { email: (c) => `${c.shopId}:${c.email}` }, ordered: { shop: byShop } }),
    subscriptions: new Collection<SubscriptionRecord>('subscriptions', { ordered: { shop: byShop } }),
    themes: new Collection<ThemeRecord>('themes', { keyOf: (t) => `${t.shopId}:${t.id}`, ordered: { shop: byShop } }),
  }
}

export type Collections = ReturnType<typeof createCollections>
export type CollectionName = keyof Collections
export type RowOf<K extends CollectionName> = Collections[K] extends Collection<infer T> ? T : never
export type AnyCollection = Collection<Row>
