import { FulfilmentSetupBodySchema, FulfilmentSetupSchema } from '../../../contract/fulfilment.js'
import {
  CURSOR_NOT_ISSUED,
  ControlProductListQuerySchema,
  PRODUCT_LIMIT,
  ProductListSchema,
} from '../../../contract/products.js'
import { errorCases } from '../../../contract/refusals.js'
import { json } from '../../openapi/operations.js'
import { presentProduct } from '../../services/catalogue/present.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

const ID = { id: 'The product id or its `rec_…` productId.' }

/**
 * The dashboard's product list, every status (`/_emulator/products?status=`), and the
 * dashboard-only product setup, `/_emulator/products/:id/fulfilment` (DESIGN.md, control API).
 */
export const productControlRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/products',
      operationId: 'listAllProducts',
      summary: "The shop's products of any status",
      description:
        'Newest first, paged and enveloped like `GET /api/v1/products` (which lists Live ones only). `status` is Live, Draft, Archived or all (the default).',
      tag: 'products',
      query: ControlProductListQuerySchema,
      ok: { status: 200, description: '`{ products: [...], nextCursor }`', content: json(ProductListSchema) },
      errors: errorCases(CURSOR_NOT_ISSUED),
    },
    (c, { services: { catalogue }, query }) => {
      const limit = query.limit ?? PRODUCT_LIMIT.default
      const { page, nextCursor } = catalogue.pageByStatus(c.get('shop'), query.status ?? 'all', limit, query.cursor)
      return answerJson(c, {
        products: page.map((product) => presentProduct(product, catalogue.stockOf(product))),
        nextCursor,
      })
    },
  ),
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/products/{id}/fulfilment',
      operationId: 'getFulfilment',
      summary: "Read a product's fulfilment setup",
      description:
        'What the hosted service configures in its dashboard: delivery message, files, serial pool, Dynamic URL, mystery table with its public commitment (never the server seed), subscription plan.',
      tag: 'products',
      params: ID,
      ok: { status: 200, description: 'The setup.', content: json(FulfilmentSetupSchema) },
    },
    (c, { services, params }) => answerJson(c, services.catalogue.setup(c.get('shop'), params.id)),
  ),
  authedRoute(
    {
      method: 'put',
      path: '/_emulator/products/{id}/fulfilment',
      operationId: 'setFulfilment',
      summary: "Set a product's fulfilment setup",
      description:
        'A field that is present replaces the stored one, `null` removes it, an absent field is kept. `serials` replaces the code pool and stock follows it. Which fields a product type accepts is checked against the product.',
      tag: 'products',
      params: ID,
      body: FulfilmentSetupBodySchema,
      ok: { status: 200, description: 'The setup as stored.', content: json(FulfilmentSetupSchema) },
      errors: [[409, 'A code was already delivered and cannot return to a pool.']],
    },
    async (c, { services, params, body }) =>
      answerJson(c, await services.catalogue.putSetup(c.get('shop'), params.id, await body())),
  ),
]
