import {
  UNKNOWN_GROUP,
  CategoryListSchema,
  CategorySchema,
  CreateCategoryBodySchema,
  UpdateCategoryBodySchema,
} from '../../categories.js'
import { NoQuerySchema } from '../../common.js'
import { UNKNOWN_PRODUCT } from '../../products.js'
import { errorCases } from '../../refusals.js'
import type { OperationInput } from '../operation.js'
import { resourceOperations } from '../resource.js'

const category = resourceOperations({ path: '/categories', one: 'a category', id: "The category's id." })

/** `/categories` (spec, "Endpoints: Categories"). */
export const CATEGORY_OPERATIONS = {
  listCategories: category.list(CategoryListSchema, {
    description: 'Sorted by sortOrder (lower first), then creation date, with their bound products and groups.',
    query: NoQuerySchema,
  }),
  getCategory: category.get(CategorySchema),
  createCategory: category.create(CreateCategoryBodySchema, CategorySchema, {
    errors: errorCases(UNKNOWN_PRODUCT, UNKNOWN_GROUP),
  }),
  updateCategory: category.update(UpdateCategoryBodySchema, CategorySchema, {
    description: 'Applies only the fields sent. Passing `productIds` or `groupIds` replaces the whole bound list.',
    errors: errorCases(UNKNOWN_PRODUCT, UNKNOWN_GROUP),
  }),
  deleteCategory: category.delete({ description: 'Bound products and groups are kept.' }),
} satisfies Record<string, OperationInput>
