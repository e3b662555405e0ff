import type { Success } from '../contract/common.js'
import type {
  CreateProductBody,
  Product,
  ProductList,
  ProductListQuery,
  UpdateProductBody,
} from '../contract/products.js'
import type { CallOptions, Http } from './http.js'

export interface ProductsClient {
  /** One page of Live products, newest first, with `nextCursor` (null at the end). `limit` default 100, max 250. */
  list(query?: ProductListQuery, options?: CallOptions): Promise<ProductList>
  /**
   * Every page from `query.cursor` on, following `nextCursor`.
   * @example for await (const page of client.products.pages({ limit: 250 })) console.log(page.products.length)
   */
  pages(query?: ProductListQuery, options?: CallOptions): AsyncGenerator<ProductList>
  /**
   * Every Live product across pages, one at a time.
   * @example for await (const product of client.products.all()) console.log(product.name)
   */
  all(query?: ProductListQuery, options?: CallOptions): AsyncGenerator<Product>
  /** By internal id or `rec_` productId. */
  get(id: string, options?: CallOptions): Promise<Product>
  create(body: CreateProductBody, options?: CallOptions): Promise<Product>
  /** Applies only the given fields. */
  update(id: string, body: UpdateProductBody, options?: CallOptions): Promise<Product>
  /** Permanent. */
  delete(id: string, options?: CallOptions): Promise<Success>
}

/** `/products` (spec, "Endpoints: Products"); `:id` is the internal id or the `rec_` productId. */
export function products(http: Http): ProductsClient {
  const list = (query: ProductListQuery = {}, options: CallOptions = {}) =>
    http.call('listProducts', { ...options, query })
  async function* pages(query: ProductListQuery = {}, options: CallOptions = {}): AsyncGenerator<ProductList> {
    let cursor = query.cursor
    do {
      const page = await list({ ...query, cursor }, options)
      yield page
      cursor = page.nextCursor ?? undefined
    } while (cursor)
  }
  return {
    list,
    pages,
    async *all(query = {}, options = {}) {
      for await (const page of pages(query, options)) yield* page.products
    },
    get: (id, options = {}) => http.call('getProduct', { ...options, params: { id } }),
    create: (body, options = {}) => http.call('createProduct', { ...options, body }),
    update: (id, body, options = {}) => http.call('updateProduct', { ...options, params: { id }, body }),
    delete: (id, options = {}) => http.call('deleteProduct', { ...options, params: { id } }),
  }
}
