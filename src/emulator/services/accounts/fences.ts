import { StoreError } from '../../../contract/errors.js'
import type { Row } from '../../store/collection.js'
import type { CollectionName, Collections } from '../../store/collections.js'
import type { Tx } from '../../store/store.js'

/** Kept from other accounts while a restore runs, so it never stops half way on a value it freed a step before. */
export interface Reserved {
  keys: Map<CollectionName, Set<string>>
  slugs: Set<string>
  productIds: Set<string>
}

interface Fence {
  refusal: string
  status: number
  reserved?: Reserved
}

/**
 * The accounts under a whole-account operation: a transaction that changes a row of one, other
 * than the operation's own, is refused and rolled back, so a request whose key was checked before
 * the operation began (a slow body, an injected latency) lands before it or not at all.
 */
export class AccountFences {
  private readonly fences = new Map<string, Fence>()

  constructor(private readonly collections: Collections) {}

  async during<T>(accountId: string, fence: Fence, work: () => Promise<T>): Promise<T> {
    this.fences.set(accountId, fence)
    try {
      return await work()
    } finally {
      this.fences.delete(accountId)
    }
  }

  /** Whether a restore under way keeps the row `key` of `collection`, or with 'productId' that productId. */
  isReserved(collection: CollectionName | 'productId', key: string): boolean {
    for (const { reserved } of this.fences.values())
      if (collection === 'productId' ? reserved?.productIds.has(key) : reserved?.keys.get(collection)?.has(key))
        return true
    return false
  }

  /** Call inside the transaction, after its changes; `own` is the account whose operation runs it. */
  check(tx: Tx, own?: string): void {
    if (this.fences.size === 0 || (this.fences.size === 1 && own !== undefined && this.fences.has(own))) return
    for (const { name, collection, key, previous } of tx.changes) {
      const now = collection.get(key)
      for (const row of [now, previous]) {
        const accountId = row && this.accountOf(name as CollectionName, row)
        const fence = accountId === undefined || accountId === own ? undefined : this.fences.get(accountId)
        if (fence) throw new StoreError(fence.status, fence.refusal.replace('{account}', accountId!))
      }
      if (now) this.checkReserved(name as CollectionName, key, now)
    }
  }

  private checkReserved(name: CollectionName, key: string, row: Row): void {
    for (const [accountId, { reserved }] of this.fences) {
      if (!reserved || this.accountOf(name, row) === accountId) continue
      const slug = name === 'shops' ? String(row.slug) : undefined
      const productId = name === 'products' ? String(row.productId) : undefined
      if (
        reserved.keys.get(name)?.has(key) ||
        (slug !== undefined && reserved.slugs.has(slug)) ||
        (productId !== undefined && reserved.productIds.has(productId))
      )
        throw new StoreError(
          409,
          `${slug !== undefined ? `shop slug "${slug}"` : `${name} ${productId ?? key}`} is held by another account, which is restoring a state that has it; choose another`,
        )
    }
  }

  /** The account a row belongs to; undefined for the emulator's own rows. */
  private accountOf(name: CollectionName, row: Row): string | undefined {
    const { shops, products } = this.collections
    if (name === 'accounts') return row.id as string
    if (name === 'shops' || name === 'keys') return row.accountId as string
    const shopId =
      typeof row.shopId === 'string'
        ? row.shopId
        : name === 'fulfilments'
          ? products.get(row.id as string)?.shopId
          : typeof row.productId === 'string'
            ? products.get(row.productId)?.shopId
            : undefined
    return shopId === undefined ? undefined : shops.get(shopId)?.accountId
  }
}
