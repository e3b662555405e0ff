import {
  CategoryListSchema,
  CategorySchema,
  CreateCategoryBodySchema,
  UpdateCategoryBodySchema,
} from '../../../spec/categories.js'
import { NoQuerySchema } from '../../../spec/common.js'
import { SUCCESS, json } from '../../openapi/operations.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

const ID = { id: "The category's id." }

export const categoryRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/categories',
      operationId: 'listCategories',
      summary: 'List categories',
      description: 'Sorted by sortOrder (lower first), then creation date, with their bound products and groups.',
      tag: 'categories',
      query: NoQuerySchema,
      ok: { status: 200, description: '`{ categories: [...] }`', content: json(CategoryListSchema) },
    },
    (c, { services }) => answerJson(c, { categories: services.categories.list(c.var.shop) }),
  ),
  authedRoute(
    {
      method: 'get',
      path: '/categories/{id}',
      operationId: 'getCategory',
      summary: 'Read a category',
      tag: 'categories',
      params: ID,
      ok: { status: 200, description: 'The category.', content: json(CategorySchema) },
    },
    (c, { services, params }) => answerJson(c, services.categories.get(c.var.shop, params.id)),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/categories',
      operationId: 'createCategory',
      summary: 'Create a category',
      tag: 'categories',
      body: CreateCategoryBodySchema,
      ok: { status: 201, description: 'The created category.', content: json(CategorySchema) },
    },
    async (c, { services, body }) => answerJson(c, await services.categories.create(c.var.shop, await body()), 201),
  ),
  authedRoute(
    {
      method: 'put',
      path: '/categories/{id}',
      operationId: 'updateCategory',
      summary: 'Update a category',
      description: 'Applies only the fields sent. Passing `productIds` or `groupIds` replaces the whole bound list.',
      tag: 'categories',
      params: ID,
      body: UpdateCategoryBodySchema,
      ok: { status: 200, description: 'The updated category.', content: json(CategorySchema) },
    },
    async (c, { services, params, body }) =>
      answerJson(c, await services.categories.update(c.var.shop, params.id, await body())),
  ),
  authedRoute(
    {
      method: 'delete',
      path: '/categories/{id}',
      operationId: 'deleteCategory',
      summary: 'Delete a category',
      description: 'Bound products and groups are kept.',
      tag: 'categories',
      params: ID,
      ok: SUCCESS,
    },
    async (c, { services, params }) => {
      await services.categories.delete(c.var.shop, params.id)
      return answerJson(c, { success: true as const })
    },
  ),
]
