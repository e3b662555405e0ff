import type { Success } from '../contract/common.js'
import type { Category, CategoryList, CreateCategoryInput, UpdateCategoryInput } from '../contract/categories.js'
import { segment, type CallOptions, type Http } from './http.js'

export interface CategoriesClient {
  list(options?: CallOptions): Promise<CategoryList>
  get(id: string, options?: CallOptions): Promise<Category>
  /** `productIds`/`groupIds` bind products and groups. */
  create(body: CreateCategoryInput, options?: CallOptions): Promise<Category>
  /** `productIds`/`groupIds` replace the bound lists. */
  update(id: string, body: UpdateCategoryInput, options?: CallOptions): Promise<Category>
  /** Bound products and groups are kept. */
  delete(id: string, options?: CallOptions): Promise<Success>
}

/** `/categories` (spec, "Endpoints: Categories"). */
export function categories(http: Http): CategoriesClient {
  return {
    list: (options = {}) => http.request('GET', '/categories', { ...options, schema: 'CategoryList' }),
    get: (id, options = {}) => http.request('GET', `/categories/${segment(id)}`, { ...options, schema: 'Category' }),
    create: (body, options = {}) => http.request('POST', '/categories', { ...options, body, schema: 'Category' }),
    update: (id, body, options = {}) =>
      http.request('PUT', `/categories/${segment(id)}`, { ...options, body, schema: 'Category' }),
    delete: (id, options = {}) =>
      http.request('DELETE', `/categories/${segment(id)}`, { ...options, schema: 'Success' }),
  }
}
