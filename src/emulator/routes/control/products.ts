import { PRODUCT_LIMIT } from '../../../contract/products.js'
import { presentProduct } from '../../services/catalogue/present.js'
import { authedHandlers } from '../route.js'

/** The dashboard's product list of every status, and the dashboard-only product setup (DESIGN.md, control API). */
export const productControlHandlers = authedHandlers({
  listAllProducts: (c, { services: { catalogue }, query }) => {
    const limit = query.limit ?? PRODUCT_LIMIT.default
    const { page, nextCursor } = catalogue.page(c.get('shop'), limit, query.cursor, query.status ?? 'all')
    return {
      status: 200,
      body: { products: page.map((product) => presentProduct(product, catalogue.stockOf(product))), nextCursor },
    }
  },
  getFulfilment: (c, { services, params }) => ({
    status: 200,
    body: services.catalogue.setup(c.get('shop'), params.id),
  }),
  setFulfilment: async (c, { services, params, body }) => ({
    status: 200,
    body: await services.catalogue.putSetup(c.get('shop'), params.id, await body()),
  }),
})
