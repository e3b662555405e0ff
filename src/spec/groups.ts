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

export const CreateGroupBodySchema = z.strictObject({
  name: NameSchema,
  description: TextSchema.optional(),
  discountPercent: DiscountSchema.optional(),
  image: UrlSchema.optional(),
  sortOrder: SortOrderSchema.optional(),
  unlisted: z.boolean().optional(),
  productIds: IdListSchema.optional(),
})
export type CreateGroupBody = z.infer<typeof CreateGroupBodySchema>
export type CreateGroupInput = z.input<typeof CreateGroupBodySchema>

/** The spec lists exactly these update fields (description and image are set on create only). */
export const UpdateGroupBodySchema = z.strictObject({
  name: NameSchema.optional(),
  discountPercent: DiscountSchema.optional(),
  sortOrder: SortOrderSchema.optional(),
  unlisted: z.boolean().optional(),
  productIds: IdListSchema.optional(),
})
export type UpdateGroupBody = z.infer<typeof UpdateGroupBodySchema>
export type UpdateGroupInput = z.input<typeof UpdateGroupBodySchema>

export const GroupListSchema = z.object({ groups: z.array(GroupSchema) })
export interface GroupList extends z.infer<typeof GroupListSchema> {
  groups: Group[]
}
