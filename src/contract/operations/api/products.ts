import {
  CURSOR_NOT_ISSUED,
  STOCK_FOLLOWS_POOL,
  CreateProductBodySchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductSchema,
  UpdateProductBodySchema,
} from '../../products.js'
import { errorCases } from '../../refusals.js'
import type { OperationInput } from '../operation.js'
import { resourceOperations } from '../resource.js'

const product = resourceOperations({
  path: '/products',
  one: 'a product',
  id: 'The product id or its `rec_…` productId.',
})

/** `/products` (spec, "Endpoints: Products"). */
export const PRODUCT_OPERATIONS = {
  listProducts: product.list(ProductListSchema, {
    description:
      "Live products only, newest created first. `limit` defaults to 100 (at most 250); pass the previous answer's `nextCursor` as `cursor` for the next page; `nextCursor` is null at the end.",
    query: ProductListQuerySchema,
    errors: errorCases(CURSOR_NOT_ISSUED),
  }),
  getProduct: product.get(ProductSchema),
  createProduct: product.create(CreateProductBodySchema, ProductSchema, {
    description:
      'Every one of the eight types is accepted. `status` defaults to Draft (Live makes it visible on the storefront), `currency` to USD, `stock` to null (unlimited).',
  }),
  updateProduct: product.update(UpdateProductBodySchema, ProductSchema, {
    description: 'Applies only the fields sent.',
    errors: errorCases(STOCK_FOLLOWS_POOL),
  }),
  deleteProduct: product.delete({ description: 'Permanent; its fulfilment setup and code pools go with it.' }),
} satisfies Record<string, OperationInput>
