import type { ListedFields } from '../../spec/common.js'
import type { ProductSchema } from '../../spec/products.js'
import type { ProductRecord } from '../store/records.js'

/**
 * A product as the API shows it (spec, "Resources: Product"): every listed field, never the shop.
 * `stock` is what can be sold now (the catalogue's `stockOf`): a pool-backed type shows its pool's
 * limit, so no page offers what checkout would refuse.
 */
export function presentProduct(row: ProductRecord, stock: number | null): ListedFields<typeof ProductSchema> {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    description: row.description,
    image: row.image,
    type: row.type,
    price: row.price,
    currency: row.currency,
    stock,
    status: row.status,
    sortOrder: row.sortOrder,
    unlisted: row.unlisted,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}
