import * as z from 'zod'
import { IdListSchema, NameSchema, SortOrderSchema, TextSchema, TimestampSchema, UrlSchema } from './common.js'

export const GroupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    discountPercent: z.number().describe('0 to 100.'),
    image: z.string().nullable().describe('URL set on create. Emulator: shown, null when none was set.'),
    sortOrder: z.number().int().describe('Default 0.'),
    unlisted: z.boolean(),
    products: z
      .array(z.object({ id: z.string(), name: z.string(), productId: z.string(), price: z.number() }))
      .describe('Member products: `{id, name, productId, price}`.'),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'Group', description: 'A bundle of products.' })
export interface Group extends z.infer<typeof GroupSchema> {}

const DiscountSchema = z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100')

// The bodies' descriptions are the CLI's help lines and prompts and the OpenAPI document's.
export const CreateGroupBodySchema = z.strictObject({
  name: NameSchema.describe('group name'),
  description: TextSchema.describe('description').optional(),
  discountPercent: DiscountSchema.describe('bundle discount, 0 to 100').optional(),
  image: UrlSchema.describe('image URL').optional(),
  sortOrder: SortOrderSchema.describe('lower first (default 0)').optional(),
  unlisted: z.boolean().describe('hide from the storefront').optional(),
  productIds: IdListSchema.describe('member products (replaces the whole list)').optional(),
})
export type CreateGroupBody = z.infer<typeof CreateGroupBodySchema>
export type CreateGroupInput = z.input<typeof CreateGroupBodySchema>

/** The spec lists exactly these update fields (description and image are set on create only). */
export const UpdateGroupBodySchema = CreateGroupBodySchema.omit({ description: true, image: true }).partial()
export type UpdateGroupBody = z.infer<typeof UpdateGroupBodySchema>
export type UpdateGroupInput = z.input<typeof UpdateGroupBodySchema>

export const GroupListSchema = z.object({ groups: z.array(GroupSchema) })
export type GroupList = z.infer<typeof GroupListSchema>
