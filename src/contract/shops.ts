import * as z from 'zod'
import { NameSchema, TimestampSchema } from './common.js'

export const ShopSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string().describe('Names the shop in `X-Service-Shop` and in storefront paths.'),
    createdAt: TimestampSchema,
  })
  .meta({ id: 'Shop' })
export interface Shop extends z.infer<typeof ShopSchema> {}
export const ShopListSchema = z.object({ shops: z.array(ShopSchema) })
export type ShopList = z.infer<typeof ShopListSchema>

export const CreateShopBodySchema = z.strictObject({
  name: NameSchema.describe('shop name'),
  slug: z
    .string()
    .min(2, 'must be at least 2 characters')
    .max(48, 'must be at most 48 characters')
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'may hold lowercase letters, digits and inner "-"')
    .describe('storefront slug (lowercase, digits, "-")'),
})
export type CreateShopBody = z.infer<typeof CreateShopBodySchema>
export type CreateShopInput = z.input<typeof CreateShopBodySchema>

/** A key as listed: the secret is shown only in the answer that creates it. */
export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    prefix: z.string().describe('The first characters of the secret.'),
    last4: z.string().describe('The last four characters of the secret.'),
    createdAt: TimestampSchema,
    secret: z.string().describe('In the answer that creates the key only.').optional(),
  })
  .meta({ id: 'ApiKey' })
export interface ApiKey extends z.infer<typeof ApiKeySchema> {}
export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema) })
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>

export const CreateKeyBodySchema = z.strictObject({ name: z.string().max(100).optional() })
