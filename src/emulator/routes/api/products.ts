import { PRODUCT_LIMIT } from '../../../contract/products.js'
import { presentProduct } from '../../services/catalogue/present.js'
import { crudHandlers } from '../crud.js'
import { authedHandlers } from '../route.js'

const product = crudHandlers({
  key: 'products',
  service: (services) => services.catalogue,
  present: (row, { catalogue }) => presentProduct(row, catalogue.stockOf(row)),
})

export const productHandlers = authedHandlers({
  listProducts: (c, { services, query }) => {
    const { page, nextCursor } = services.catalogue.page(
      c.get('shop'),
      query.limit ?? PRODUCT_LIMIT.default,
      query.cursor,
    )
    return { status: 200, body: { products: page.map((row) => product.present(c, services, row)), nextCursor } }
  },
  getProduct: product.get,
  createProduct: product.create,
  updateProduct: product.update,
  deleteProduct: product.delete,
})
