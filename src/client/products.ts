import type { z } from 'zod'
import { SuccessSchema } from '../spec/common.js'
import {
  ProductListSchema,
  ProductSchema,
  type CreateProductBodySchema,
  type Product,
  type ProductList,
  type ProductListQuerySchema,
  type UpdateProductBodySchema,
} from '../spec/products.js'
import { segment, type Http } from './http.js'

/** `limit` (default 100, max 250) and `cursor` (a previous page's `nextCursor`). */
export type ProductListQuery = z.output<typeof ProductListQuerySchema>

/** `/products` (spec, "Endpoints: Products"); `:id` is the internal id or the `rec_` productId. */
export function products(http: Http) {
  const list = (query: ProductListQuery = {}) => http.request('GET', '/products', { query, schema: ProductListSchema })
  return {
    /** One page of Live products, newest first, with `nextCursor` (null at the end). */
    list,
    /**
     * Every page from `query.cursor` on, following `nextCursor`.
     * @example for await (const page of client.products.pages({ limit: 250 })) console.log(page.products.length)
     */
    async *pages(query: ProductListQuery = {}): AsyncGenerator<ProductList> {
      let cursor = query.cursor
      do {
        const page = await list({ ...query, cursor })
        yield page
        cursor = page.nextCursor ?? undefined
      } while (cursor)
    },
    /**
     * Every Live product across pages, one at a time.
     * @example for await (const product of client.products.all()) console.log(product.name)
     */
    async *all(query: ProductListQuery = {}): AsyncGenerator<Product> {
      for await (const page of this.pages(query)) yield* page.products
    },
    get: (id: string) => http.request('GET', `/products/${segment(id)}`, { schema: ProductSchema }),
    create: (body: z.input<typeof CreateProductBodySchema>) =>
      http.request('POST', '/products', { body, schema: ProductSchema }),
    /** Applies only the given fields. */
    update: (id: string, body: z.input<typeof UpdateProductBodySchema>) =>
      http.request('PUT', `/products/${segment(id)}`, { body, schema: ProductSchema }),
    /** Permanent. */
    delete: (id: string) => http.request('DELETE', `/products/${segment(id)}`, { schema: SuccessSchema }),
  }
}
export type ProductsClient = ReturnType<typeof products>
