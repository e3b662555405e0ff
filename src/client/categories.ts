import type { Success } from '../contract/common.js'
import type { Category, CategoryList, CreateCategoryInput, UpdateCategoryInput } from '../contract/categories.js'
import type { CallOptions, Http } from './http.js'

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
    list: (options = {}) => http.call('listCategories', options),
    get: (id, options = {}) => http.call('getCategory', { ...options, params: { id } }),
    create: (body, options = {}) => http.call('createCategory', { ...options, body }),
    update: (id, body, options = {}) => http.call('updateCategory', { ...options, params: { id }, body }),
    delete: (id, options = {}) => http.call('deleteCategory', { ...options, params: { id } }),
  }
}
