import { z } from 'zod'
import { CountSchema, CurrencySchema, MoneySchema, NameSchema, TextSchema, TimestampSchema } from './common.js'

export const PRODUCT_TYPES = [
  'Service',
  'Digital',
  'Physical',
  'Serial',
  'Subscription',
  'InfoCard',
  'Dynamic',
  'MysteryBox',
] as const
export const ProductTypeSchema = z.enum(PRODUCT_TYPES)
export type ProductType = z.infer<typeof ProductTypeSchema>

export const ProductStatusSchema = z.enum(['Live', 'Draft', 'Archived'])
export type ProductStatus = z.infer<typeof ProductStatusSchema>

const StockSchema = CountSchema.nullable()

/** A product as the API returns it (spec, "Resources: Product"). */
export const ProductSchema = z.looseObject({
  id: z.string(),
  productId: z.string().regex(/^rec_/),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  type: ProductTypeSchema,
  price: z.number(),
  currency: z.string().length(3),
  stock: z.number().int().nullable(),
  status: ProductStatusSchema,
  sortOrder: z.number().int(),
  unlisted: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
})
export type Product = z.infer<typeof ProductSchema>

export const CreateProductBodySchema = z.strictObject({
  name: NameSchema,
  price: MoneySchema,
  type: ProductTypeSchema,
  description: TextSchema.optional(),
  currency: CurrencySchema.optional(),
  stock: StockSchema.optional(),
  status: ProductStatusSchema.optional(),
  unlisted: z.boolean().optional(),
})
export type CreateProductBody = z.infer<typeof CreateProductBodySchema>

export const UpdateProductBodySchema = z.strictObject({
  name: NameSchema.optional(),
  price: MoneySchema.optional(),
  status: ProductStatusSchema.optional(),
  stock: StockSchema.optional(),
  description: TextSchema.optional(),
  unlisted: z.boolean().optional(),
})
export type UpdateProductBody = z.infer<typeof UpdateProductBodySchema>

export const PRODUCT_LIMIT = { default: 100, max: 250 } as const
export const ProductListQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(PRODUCT_LIMIT.max, `must be at most ${PRODUCT_LIMIT.max}`)
    .optional(),
  cursor: z.string().max(200).optional(),
})
export type ProductListQuery = z.input<typeof ProductListQuerySchema>

export const ProductListSchema = z.object({ products: z.array(ProductSchema), nextCursor: z.string().nullable() })
export type ProductList = z.infer<typeof ProductListSchema>
