import * as z from 'zod'
import { PRODUCT_LIMIT, PRODUCT_LIST_STATUSES, PRODUCT_STATUSES, PRODUCT_TYPES } from './constants.js'
import {
  CountSchema,
  CurrencySchema,
  MoneySchema,
  NameSchema,
  TextSchema,
  TimestampSchema,
  limitQuery,
} from './common.js'
import { fieldRefusal, refusal } from './refusals.js'

export const ProductTypeSchema = z.enum(PRODUCT_TYPES)
export type ProductType = z.infer<typeof ProductTypeSchema>

export const ProductStatusSchema = z.enum(PRODUCT_STATUSES)
export type ProductStatus = z.infer<typeof ProductStatusSchema>

/** A product as the API returns it (spec, "Resources: Product"). */
export const ProductSchema = z
  .object({
    id: z.string().describe('Internal identifier.'),
    productId: z
      .string()
      .regex(/^rec_/)
      .describe('Shorter identifier, form `rec_<string>`; accepted wherever `:id` of a product is.'),
    name: z.string(),
    description: z.string(),
    image: z.string().describe('Image URL.'),
    type: ProductTypeSchema.describe(
      'One of Service, Digital, Physical, Serial, Subscription, InfoCard, Dynamic, MysteryBox.',
    ),
    price: z.number().describe('In `currency`.'),
    currency: z.string().length(3).describe('3-letter code, default USD.'),
    stock: z
      .number()
      .int()
      .nullable()
      .describe('null means unlimited. Emulator: for Serial products, the size of the code pool.'),
    status: ProductStatusSchema.describe(
      'Live, Draft, Archived; default Draft. Only Live products are listed and sold.',
    ),
    sortOrder: z.number().int(),
    unlisted: z.boolean().describe('Hidden from the storefront but reachable by direct link.'),
    createdAt: TimestampSchema.describe('ISO 8601, UTC, milliseconds.'),
    updatedAt: TimestampSchema.describe('ISO 8601, UTC, milliseconds.'),
  })
  .meta({
    id: 'Product',
    description: 'A product. Its `type` decides checkout behaviour, fulfilment and what the invoice shows.',
  })
export interface Product extends z.infer<typeof ProductSchema> {}

// The bodies' descriptions are the CLI's help lines and prompts and the OpenAPI document's.
export const CreateProductBodySchema = z.strictObject({
  name: NameSchema.describe('product name'),
  price: MoneySchema.describe('price in the currency'),
  type: ProductTypeSchema.describe('product type'),
  description: TextSchema.describe('description').optional(),
  currency: CurrencySchema.describe('3-letter currency code (default USD)').optional(),
  stock: CountSchema.nullable().describe('units in stock; null for unlimited').optional(),
  status: ProductStatusSchema.describe('Live, Draft or Archived (default Draft)').optional(),
  unlisted: z.boolean().describe('hide from the storefront, reachable by direct link').optional(),
})
export type CreateProductBody = z.infer<typeof CreateProductBodySchema>
export type CreateProductInput = z.input<typeof CreateProductBodySchema>

/** The fields to change: those of a new product but its type and currency. */
export const UpdateProductBodySchema = CreateProductBodySchema.omit({ type: true, currency: true })
  .partial()
  .extend({ status: ProductStatusSchema.describe('Live, Draft or Archived').optional() })
export type UpdateProductBody = z.infer<typeof UpdateProductBodySchema>
export type UpdateProductInput = z.input<typeof UpdateProductBodySchema>

export const ProductListQuerySchema = z.strictObject({
  limit: limitQuery(PRODUCT_LIMIT.max),
  cursor: z.string().max(200).optional(),
})
export type ProductListQuery = z.output<typeof ProductListQuerySchema>

/**
 * `GET /_emulator/products`: the shop's products of any status (the API lists Live ones only),
 * paged like `GET /products`. `status` defaults to `all`.
 */
export const ControlProductListQuerySchema = ProductListQuerySchema.extend({
  status: z.enum(PRODUCT_LIST_STATUSES).optional(),
})

export const ProductListSchema = z.object({ products: z.array(ProductSchema), nextCursor: z.string().nullable() })
export type ProductList = z.infer<typeof ProductListSchema>

/** A cursor that does not decode to a position this API gave out (spec, "Pagination": an opaque value). */
export const CURSOR_NOT_ISSUED = refusal(
  400,
  'cursor: is not a cursor this API issued; pass nextCursor from the previous page unchanged',
  { name: 'cursor', message: 'is not valid' },
)
/** A Serial or MysteryBox product's stock follows its pool; which pool is the stored product's type. */
export const STOCK_FOLLOWS_POOL = fieldRefusal(
  400,
  'stock',
  "a {type} product's stock follows {pool} and cannot be set; {how}",
)
/** A product id a body names (`productIds`) that is no product of the shop. */
export const UNKNOWN_PRODUCT = fieldRefusal(400, '{field}', 'unknown product {id}')
