import {
  UNKNOWN_GROUP,
  CategoryListSchema,
  CategorySchema,
  CreateCategoryBodySchema,
  UpdateCategoryBodySchema,
} from '../../../contract/categories.js'
import { UNKNOWN_PRODUCT } from '../../../contract/products.js'
import { errorCases } from '../../../contract/refusals.js'
import { crudRoutes } from '../resource.js'

export const categoryRoutes = crudRoutes({
  names: { path: '/categories', one: 'a category', id: "The category's id." },
  schemas: {
    one: CategorySchema,
    list: CategoryListSchema,
    create: CreateCategoryBodySchema,
    update: UpdateCategoryBodySchema,
  },
  words: {
    list: 'Sorted by sortOrder (lower first), then creation date, with their bound products and groups.',
    update: 'Applies only the fields sent. Passing `productIds` or `groupIds` replaces the whole bound list.',
    delete: 'Bound products and groups are kept.',
  },
  errors: {
    create: errorCases(UNKNOWN_PRODUCT, UNKNOWN_GROUP),
    update: errorCases(UNKNOWN_PRODUCT, UNKNOWN_GROUP),
  },
  service: (services) => services.categories,
  list: (services, shop) => services.categories.list(shop),
})
