import * as z from 'zod'
import { IdListSchema, NameSchema, SortOrderSchema, TextSchema, TimestampSchema, UrlSchema } from './common.js'

export const GroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  discountPercent: z.number(),
  image: z.string().nullable(),
  sortOrder: z.number().int(),
  unlisted: z.boolean(),
  products: z.array(z.object({ id: z.string(), name: z.string(), productId: z.string(), price: z.number() })),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
})
export interface Group extends z.infer<typeof GroupSchema> {}

const DiscountSchema = z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100')

// The bodies' descriptions are the CLI's help lines and prompts and the OpenAPI document's.
const BodyFields = {
  name: NameSchema.describe('group name'),
  discountPercent: DiscountSchema.describe('bundle discount, 0 to 100'),
  sortOrder: SortOrderSchema.describe('lower first (default 0)'),
  unlisted: z.boolean().describe('hide from the storefront'),
  productIds: IdListSchema.describe('member products (replaces the whole list)'),
}

export const CreateGroupBodySchema = z.strictObject({
  name: BodyFields.name,
  description: TextSchema.describe('description').optional(),
  discountPercent: BodyFields.discountPercent.optional(),
  image: UrlSchema.describe('image URL').optional(),
  sortOrder: BodyFields.sortOrder.optional(),
  unlisted: BodyFields.unlisted.optional(),
  productIds: BodyFields.productIds.optional(),
})
export type CreateGroupBody = z.infer<typeof CreateGroupBodySchema>
export type CreateGroupInput = z.input<typeof CreateGroupBodySchema>

/** The spec lists exactly these update fields (description and image are set on create only). */
export const UpdateGroupBodySchema = z.strictObject({
  name: BodyFields.name.optional(),
  discountPercent: BodyFields.discountPercent.optional(),
  sortOrder: BodyFields.sortOrder.optional(),
  unlisted: BodyFields.unlisted.optional(),
  productIds: BodyFields.productIds.optional(),
})
export type UpdateGroupBody = z.infer<typeof UpdateGroupBodySchema>
export type UpdateGroupInput = z.input<typeof UpdateGroupBodySchema>

export const GroupListSchema = z.object({ groups: z.array(GroupSchema) })
export type GroupList = z.infer<typeof GroupListSchema>
