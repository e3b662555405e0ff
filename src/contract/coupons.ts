import * as z from 'zod'
import { COUPON_TYPES } from './constants.js'
import { CountSchema, MoneySchema, TimestampSchema } from './common.js'

export const CouponTypeSchema = z.enum(COUPON_TYPES)
export type CouponType = z.infer<typeof CouponTypeSchema>

export const CouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: CouponTypeSchema,
  value: z.number(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  minAmount: z.number().nullable(),
  expiresAt: TimestampSchema.nullable(),
  active: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
})
export interface Coupon extends z.infer<typeof CouponSchema> {}

const CodeSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, "-" and "_"')
  .transform((s) => s.toUpperCase())
/**
 * Expiry as every timestamp the API answers with: ISO 8601 UTC with milliseconds. An offset can
 * push year 0000 or 9999 out of four digits, which no timestamp of the API (nor the db file) may hold.
 */
const ExpirySchema = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
  .transform((at) => new Date(at).toISOString())
  .refine((utc) => /^\d{4}-/.test(utc), 'must fall between the years 0000 and 9999 in UTC')
  .nullable()

const percentWithinRange = (b: { type?: string; value?: number }) =>
  !(b.type === 'percentage' && b.value !== undefined && b.value > 100)
const percentIssue = { message: 'must be at most 100 for a percentage coupon', path: ['value'] }

// The bodies' descriptions are the CLI's help lines and prompts and the OpenAPI document's.
const BodyFields = {
  code: CodeSchema.describe('coupon code (stored uppercased)'),
  type: CouponTypeSchema.describe('percentage or fixed'),
  value: MoneySchema.describe('percent, or currency units for fixed'),
  usageLimit: CountSchema.nullable().describe('times it can be used; null for unlimited'),
  expiresAt: ExpirySchema.describe('ISO 8601 expiry; null for never'),
  active: z.boolean().describe('usable at checkout (default true)'),
}

export const CreateCouponBodySchema = z
  .strictObject({
    code: BodyFields.code,
    type: BodyFields.type,
    value: BodyFields.value,
    usageLimit: BodyFields.usageLimit.optional(),
    minAmount: MoneySchema.nullable().describe('minimum order total; null for none').optional(),
    expiresAt: BodyFields.expiresAt.optional(),
    active: BodyFields.active.optional(),
  })
  .refine(percentWithinRange, percentIssue)
export type CreateCouponBody = z.infer<typeof CreateCouponBodySchema>
export type CreateCouponInput = z.input<typeof CreateCouponBodySchema>

/** The spec lists exactly these update fields (minAmount is not among them). */
export const UpdateCouponBodySchema = z.strictObject({
  code: BodyFields.code.optional(),
  type: BodyFields.type.optional(),
  value: BodyFields.value.optional(),
  usageLimit: BodyFields.usageLimit.optional(),
  active: BodyFields.active.optional(),
  expiresAt: BodyFields.expiresAt.optional(),
})
export type UpdateCouponBody = z.infer<typeof UpdateCouponBodySchema>
export type UpdateCouponInput = z.input<typeof UpdateCouponBodySchema>

export const CouponListQuerySchema = z.strictObject({
  active: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
})

export const CouponListSchema = z.object({ coupons: z.array(CouponSchema) })
export interface CouponList extends z.infer<typeof CouponListSchema> {
  coupons: Coupon[]
}
