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
import { refusal } from './refusals.js'

export { PRODUCT_LIMIT } from './constants.js'

export const ProductTypeSchema = z.enum(PRODUCT_TYPES)
export type ProductType = z.infer<typeof ProductTypeSchema>

export const ProductStatusSchema = z.enum(PRODUCT_STATUSES)
export type ProductStatus = z.infer<typeof ProductStatusSchema>

const StockSchema = CountSchema.nullable()

/** A product as the API returns it (spec, "Resources: Product"). */
export const ProductSchema = z.object({
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
export interface Product extends z.infer<typeof ProductSchema> {}

// The bodies' descriptions are the CLI's help lines and prompts and the OpenAPI document's.
const BodyFields = {
  name: NameSchema.describe('product name'),
  price: MoneySchema.describe('price in the currency'),
  description: TextSchema.describe('description'),
  stock: StockSchema.describe('units in stock; null for unlimited'),
  unlisted: z.boolean().describe('hide from the storefront, reachable by direct link'),
}

export const CreateProductBodySchema = z.strictObject({
  name: BodyFields.name,
  price: BodyFields.price,
  type: ProductTypeSchema.describe('product type'),
  description: BodyFields.description.optional(),
  currency: CurrencySchema.describe('3-letter currency code (default USD)').optional(),
  stock: BodyFields.stock.optional(),
  status: ProductStatusSchema.describe('Live, Draft or Archived (default Draft)').optional(),
  unlisted: BodyFields.unlisted.optional(),
})
export type CreateProductBody = z.infer<typeof CreateProductBodySchema>
export type CreateProductInput = z.input<typeof CreateProductBodySchema>

export const UpdateProductBodySchema = z.strictObject({
  name: BodyFields.name.optional(),
  price: BodyFields.price.optional(),
  status: ProductStatusSchema.describe('Live, Draft or Archived').optional(),
  stock: BodyFields.stock.optional(),
  description: BodyFields.description.optional(),
  unlisted: BodyFields.unlisted.optional(),
})
export type UpdateProductBody = z.infer<typeof UpdateProductBodySchema>
export type UpdateProductInput = z.input<typeof UpdateProductBodySchema>

export const ProductListQuerySchema = z.strictObject({
  limit: limitQuery(PRODUCT_LIMIT.max),
  cursor: z.string().max(200).optional(),
})
/** `limit` (default 100, max 250) and `cursor` (a previous page's `nextCursor`). */
export type ProductListQuery = z.output<typeof ProductListQuerySchema>

/**
 * `GET /_emulator/products`: the shop's products of any status (the API lists Live ones only),
 * paged like `GET /products`. `status` defaults to `all`.
 */
export const ControlProductListQuerySchema = ProductListQuerySchema.extend({
  status: z.enum(PRODUCT_LIST_STATUSES).optional(),
})
export type ControlProductListQuery = z.output<typeof ControlProductListQuerySchema>

export const ProductListSchema = z.object({ products: z.array(ProductSchema), nextCursor: z.string().nullable() })
export type ProductList = z.infer<typeof ProductListSchema>

/** A cursor that does not decode to a position this API gave out (spec, "Pagination": an opaque value). */
export const CURSOR_NOT_ISSUED = refusal(
  400,
  'cursor: is not a cursor this API issued; pass nextCursor from the previous page unchanged',
  { name: 'cursor', message: 'is not valid' },
)
/** A Serial or MysteryBox product's stock follows its pool; which pool is the stored product's type. */
export const STOCK_FOLLOWS_POOL = refusal(
  400,
  "stock: a {type} product's stock follows {pool} and cannot be set; {how}",
  {
    name: 'stock',
    message: "a {type} product's stock follows {pool} and cannot be set; {how}",
  },
)
/** A product id a body names (`productIds`) that is no product of the shop. */
export const UNKNOWN_PRODUCT = refusal(400, '{field}: unknown product {id}', {
  name: '{field}',
  message: 'unknown product {id}',
})
