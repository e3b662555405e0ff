import type { z } from 'zod'
import { SuccessSchema } from '../spec/common.js'
import {
  CategoryListSchema,
  CategorySchema,
  type CreateCategoryBodySchema,
  type UpdateCategoryBodySchema,
} from '../spec/categories.js'
import { segment, type Http } from './http.js'

/** `/categories` (spec, "Endpoints: Categories"); `productIds`/`groupIds` replace the bound lists. */
export function categories(http: Http) {
  return {
    list: () => http.request('GET', '/categories', { schema: CategoryListSchema }),
    get: (id: string) => http.request('GET', `/categories/${segment(id)}`, { schema: CategorySchema }),
    create: (body: z.input<typeof CreateCategoryBodySchema>) =>
      http.request('POST', '/categories', { body, schema: CategorySchema }),
    update: (id: string, body: z.input<typeof UpdateCategoryBodySchema>) =>
      http.request('PUT', `/categories/${segment(id)}`, { body, schema: CategorySchema }),
    /** Bound products and groups are kept. */
    delete: (id: string) => http.request('DELETE', `/categories/${segment(id)}`, { schema: SuccessSchema }),
  }
}
export type CategoriesClient = ReturnType<typeof categories>
