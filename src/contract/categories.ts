import * as z from 'zod'
import { IdListSchema, NameSchema, SortOrderSchema, TimestampSchema } from './common.js'
import { fieldRefusal } from './refusals.js'

export const CategorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    sortOrder: z.number().int().describe('Lower first, default 0.'),
    unlisted: z.boolean().describe('Default false.'),
    products: z
      .array(z.object({ id: z.string(), name: z.string(), productId: z.string() }))
      .describe('Bound products: `{id, name, productId}`.'),
    groups: z.array(z.object({ id: z.string(), name: z.string() })).describe('Bound groups: `{id, name}`.'),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema.optional(),
  })
  .meta({ id: 'Category' })
export interface Category extends z.infer<typeof CategorySchema> {}

export const CreateCategoryBodySchema = z.strictObject({
  name: NameSchema.describe('category name'),
  sortOrder: SortOrderSchema.describe('lower first (default 0)').optional(),
  unlisted: z.boolean().describe('hide from the storefront').optional(),
  productIds: IdListSchema.describe('bound products (replaces the whole list)').optional(),
  groupIds: IdListSchema.describe('bound groups (replaces the whole list)').optional(),
})
export type CreateCategoryBody = z.infer<typeof CreateCategoryBodySchema>
export type CreateCategoryInput = z.input<typeof CreateCategoryBodySchema>

export const UpdateCategoryBodySchema = CreateCategoryBodySchema.partial()
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBodySchema>
export type UpdateCategoryInput = z.input<typeof UpdateCategoryBodySchema>

export const CategoryListSchema = z.object({ categories: z.array(CategorySchema) })
export type CategoryList = z.infer<typeof CategoryListSchema>

/** A group id a body names (`groupIds`) that is no group of the shop. */
export const UNKNOWN_GROUP = fieldRefusal(400, 'groupIds', 'unknown group {id}')
