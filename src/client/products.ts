import type { Success } from '../contract/common.js'
import type {
  CreateProductBody,
  Product,
  ProductList,
  ProductListQuery,
  UpdateProductBody,
} from '../contract/products.js'
import { segment, type CallOptions, type Http } from './http.js'

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
    http.request('GET', '/products', { ...options, query, schema: 'ProductList' })
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
    get: (id, options = {}) => http.request('GET', `/products/${segment(id)}`, { ...options, schema: 'Product' }),
    create: (body, options = {}) => http.request('POST', '/products', { ...options, body, schema: 'Product' }),
    update: (id, body, options = {}) =>
      http.request('PUT', `/products/${segment(id)}`, { ...options, body, schema: 'Product' }),
    delete: (id, options = {}) => http.request('DELETE', `/products/${segment(id)}`, { ...options, schema: 'Success' }),
  }
}
