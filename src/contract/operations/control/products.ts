import { FulfilmentSetupBodySchema, FulfilmentSetupSchema } from '../../fulfilment.js'
import { CURSOR_NOT_ISSUED, ControlProductListQuerySchema, ProductListSchema } from '../../products.js'
import { errorCases } from '../../refusals.js'
import { answer, area } from '../operation.js'

const ID = { id: 'The product id or its `rec_…` productId.' }

/** The dashboard's product list of every status and the dashboard-only product setup. */
export const PRODUCT_CONTROL_OPERATIONS = area('products', {
  listAllProducts: {
    method: 'get',
    path: '/_emulator/products',
    summary: "The shop's products of any status",
    description:
      'Newest first, paged and enveloped like `GET /api/v1/products` (which lists Live ones only). `status` is Live, Draft, Archived or all (the default).',
    query: ControlProductListQuerySchema,
    ok: answer(200, '`{ products: [...], nextCursor }`', ProductListSchema),
    errors: errorCases(CURSOR_NOT_ISSUED),
  },
  getFulfilment: {
    method: 'get',
    path: '/_emulator/products/{id}/fulfilment',
    summary: "Read a product's fulfilment setup",
    description:
      'What the hosted service configures in its dashboard: delivery message, files, serial pool, Dynamic URL, mystery table with its public commitment (never the server seed), subscription plan.',
    params: ID,
    ok: answer(200, 'The setup.', FulfilmentSetupSchema),
  },
  setFulfilment: {
    method: 'put',
    path: '/_emulator/products/{id}/fulfilment',
    summary: "Set a product's fulfilment setup",
    description:
      'A field that is present replaces the stored one, `null` removes it, an absent field is kept. `serials` replaces the code pool and stock follows it. Which fields a product type accepts is checked against the product.',
    params: ID,
    body: FulfilmentSetupBodySchema,
    ok: answer(200, 'The setup as stored.', FulfilmentSetupSchema),
    errors: [[409, 'A code was already delivered and cannot return to a pool.']],
  },
})
