import {
  CreateProductBodySchema,
  PRODUCT_LIMIT,
  ProductListQuerySchema,
  ProductListSchema,
  ProductSchema,
  UpdateProductBodySchema,
} from '../../../spec/products.js'
import { SUCCESS, json } from '../../openapi/operations.js'
import { presentProduct } from '../../services/catalogue/present.js'
import type { Services } from '../../services/index.js'
import type { ProductRecord } from '../../store/records.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

const ID = { id: 'The product id or its `rec_…` productId.' }
const present = ({ catalogue }: Services, product: ProductRecord) => presentProduct(product, catalogue.stockOf(product))

export const productRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/products',
      operationId: 'listProducts',
      summary: 'List products',
      description:
        "Live products only, newest created first. `limit` defaults to 100 (at most 250); pass the previous answer's `nextCursor` as `cursor` for the next page; `nextCursor` is null at the end.",
      tag: 'products',
      query: ProductListQuerySchema,
      ok: { status: 200, description: '`{ products: [...] }`', content: json(ProductListSchema) },
    },
    (c, { services, query }) => {
      const limit = query.limit ?? PRODUCT_LIMIT.default
      const { page, nextCursor } = services.catalogue.page(c.var.shop, limit, query.cursor)
      return answerJson(c, { products: page.map((product) => present(services, product)), nextCursor })
    },
  ),
  authedRoute(
    {
      method: 'get',
      path: '/products/{id}',
      operationId: 'getProduct',
      summary: 'Read a product',
      tag: 'products',
      params: ID,
      ok: { status: 200, description: 'The product.', content: json(ProductSchema) },
    },
    (c, { services, params }) => answerJson(c, present(services, services.catalogue.get(c.var.shop, params.id))),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/products',
      operationId: 'createProduct',
      summary: 'Create a product',
      description:
        'Every one of the eight types is accepted. `status` defaults to Draft (Live makes it visible on the storefront), `currency` to USD, `stock` to null (unlimited).',
      tag: 'products',
      body: CreateProductBodySchema,
      ok: { status: 201, description: 'The created product.', content: json(ProductSchema) },
    },
    async (c, { services, body }) =>
      answerJson(c, present(services, await services.catalogue.create(c.var.shop, await body())), 201),
  ),
  authedRoute(
    {
      method: 'put',
      path: '/products/{id}',
      operationId: 'updateProduct',
      summary: 'Update a product',
      description: 'Applies only the fields sent.',
      tag: 'products',
      params: ID,
      body: UpdateProductBodySchema,
      ok: { status: 200, description: 'The updated product.', content: json(ProductSchema) },
    },
    async (c, { services, params, body }) =>
      answerJson(c, present(services, await services.catalogue.update(c.var.shop, params.id, await body()))),
  ),
  authedRoute(
    {
      method: 'delete',
      path: '/products/{id}',
      operationId: 'deleteProduct',
      summary: 'Delete a product',
      description: 'Permanent; its fulfilment setup and code pools go with it.',
      tag: 'products',
      params: ID,
      ok: SUCCESS,
    },
    async (c, { services, params }) => {
      await services.catalogue.delete(c.var.shop, params.id)
      return answerJson(c, { success: true as const })
    },
  ),
]
