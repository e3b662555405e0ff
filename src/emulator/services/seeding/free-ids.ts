import type { SeedFile } from '../../../contract/seed-file.js'

/** Whether an id (or a product's `productId`) is held by a record already in the db. */
export interface TakenIds {
  isTaken(
    collection: 'products' | 'coupons' | 'groups' | 'categories' | 'blacklists' | 'customers' | 'orders',
    id: string,
  ): boolean
  isProductIdTaken(productId: string): boolean
  newId(prefix: string): string
  newProductId(): string
}

const prefixOf = (id: string, fallback: string) => /^([a-z]+)_/.exec(id)?.[1] ?? fallback

/**
 * The seed with fresh ids for the records whose ids the db already holds (another account seeded
 * from the same file), and every reference inside the seed moved along: ids are keys of the whole
 * emulator, while a seed is written for one shop.
 */
export function withFreeIds(seed: SeedFile, taken: TakenIds): SeedFile {
  const moved = new Map<string, string>()
  const free = <T extends { id?: string }>(
    records: T[] | undefined,
    collection: Parameters<TakenIds['isTaken']>[0],
    fallback: string,
  ): T[] | undefined =>
    records?.map((record) => {
      if (record.id === undefined || !taken.isTaken(collection, record.id)) return record
      const id = taken.newId(prefixOf(record.id, fallback))
      moved.set(record.id, id)
      return { ...record, id }
    })
  const products = free(seed.products, 'products', 'prod')?.map((p) => {
    if (p.productId === undefined || !taken.isProductIdTaken(p.productId)) return p
    const productId = taken.newProductId()
    moved.set(p.productId, productId)
    return { ...p, productId }
  })
  const groups = free(seed.groups, 'groups', 'grp')
  const ids = (list: string[] | undefined) => list?.map((id) => moved.get(id) ?? id)
  return {
    ...seed,
    products,
    coupons: free(seed.coupons, 'coupons', 'cpn'),
    blacklists: free(seed.blacklists, 'blacklists', 'bl'),
    customers: free(seed.customers, 'customers', 'cus'),
    groups: groups?.map((g) => (g.productIds ? { ...g, productIds: ids(g.productIds) } : g)),
    categories: free(seed.categories, 'categories', 'cat')?.map((c) => ({
      ...c,
      ...(c.productIds && { productIds: ids(c.productIds) }),
      ...(c.groupIds && { groupIds: ids(c.groupIds) }),
    })),
    orders: free(seed.orders, 'orders', 'ord')?.map((o) => ({
      ...o,
      items: o.items.map((item) => ({ ...item, productId: moved.get(item.productId) ?? item.productId })),
    })),
  }
}
