import * as z from 'zod'
import { NameSchema, TimestampSchema } from './common.js'
import { ApiKeySchema, CreateShopBodySchema, ShopSchema } from './shops.js'

/**
 * Body of `POST /_emulator/accounts`: every field optional. `seed` is `"demo"` (the demo shop),
 * `"empty"`, or a seed file's content (`store serve --seed FILE`), checked as a seed file is;
 * without it the shop starts empty.
 */
export const CreateAccountBodySchema = z.strictObject({
  name: NameSchema.optional(),
  shop: z.strictObject({ name: NameSchema.optional(), slug: CreateShopBodySchema.shape.slug.optional() }).optional(),
  seed: z
    .union([z.enum(['demo', 'empty']), z.record(z.string(), z.unknown())], {
      error: 'must be "demo", "empty" or a seed file\'s content (an object)',
    })
    .optional(),
})
export type CreateAccountInput = z.input<typeof CreateAccountBodySchema>

export const AccountSchema = z.object({ id: z.string(), name: z.string(), createdAt: TimestampSchema })
export interface Account extends z.infer<typeof AccountSchema> {}

/** Answer of `POST /_emulator/accounts`: the account, its first shop and its key, whose secret is shown here only. */
export const CreatedAccountSchema = z.object({
  account: AccountSchema,
  shop: ShopSchema,
  key: ApiKeySchema.extend({ secret: z.string() }),
})
