import {
  CURSOR_NOT_ISSUED,
  STOCK_FOLLOWS_POOL,
  CreateProductBodySchema,
  PRODUCT_LIMIT,
  ProductListQuerySchema,
  ProductListSchema,
  ProductSchema,
  UpdateProductBodySchema,
} from '../../../contract/products.js'
import { errorCases } from '../../../contract/refusals.js'
import { answerJson } from '../../inspector/answer.js'
import { presentProduct } from '../../services/catalogue/present.js'
import type { Services } from '../../services/index.js'
import type { ProductRecord } from '../../store/records.js'
import { crudRoutes, resourceOperations } from '../resource.js'
import { authedRoute } from '../route.js'

const names = { path: '/products', one: 'a product', id: 'The product id or its `rec_…` productId.' }
const present = (product: ProductRecord, { catalogue }: Services) => presentProduct(product, catalogue.stockOf(product))

const listProducts = authedRoute(
  resourceOperations(names).list(ProductListSchema, {
    description:
      "Live products only, newest created first. `limit` defaults to 100 (at most 250); pass the previous answer's `nextCursor` as `cursor` for the next page; `nextCursor` is null at the end.",
    query: ProductListQuerySchema,
    errors: errorCases(CURSOR_NOT_ISSUED),
  }),
  (c, { services, query }) => {
    const limit = query.limit ?? PRODUCT_LIMIT.default
    const { page, nextCursor } = services.catalogue.page(c.get('shop'), limit, query.cursor)
    return answerJson(c, { products: page.map((product) => present(product, services)), nextCursor })
  },
)

export const productRoutes = crudRoutes({
  names,
  schemas: {
    one: ProductSchema,
    list: ProductListSchema,
    create: CreateProductBodySchema,
    update: UpdateProductBodySchema,
  },
  words: {
    create:
      'Every one of the eight types is accepted. `status` defaults to Draft (Live makes it visible on the storefront), `currency` to USD, `stock` to null (unlimited).',
    update: 'Applies only the fields sent.',
    delete: 'Permanent; its fulfilment setup and code pools go with it.',
  },
  errors: { update: errorCases(STOCK_FOLLOWS_POOL) },
  service: (services) => services.catalogue,
  list: listProducts,
  present,
})
