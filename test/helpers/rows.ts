import type { Product } from '../../src/contract/products.js'

/** A product as the API answers it, with `fields` over plain defaults (any value: tests of answers that drift from the schema too). */
export function productRow(fields: Record<string, unknown> = {}): Product {
  return {
    id: 'prod_1',
    productId: 'rec_1',
    name: 'Product',
    description: '',
    image: '',
    type: 'Digital',
    price: 1,
    currency: 'USD',
    stock: null,
    status: 'Live',
    sortOrder: 0,
    unlisted: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  } as Product
}
