import * as z from 'zod'
import { COUPON_TYPES } from './constants.js'
import { CountSchema, MoneySchema, TimestampSchema, withoutKey, trimmedText } from './common.js'
import { fieldRefusal, refusal } from './refusals.js'

export const CouponTypeSchema = z.enum(COUPON_TYPES)
export type CouponType = z.infer<typeof CouponTypeSchema>

export const CouponSchema = z
  .object({
    id: z.string(),
    code: z.string().describe('Stored uppercased; unique per shop.'),
    type: CouponTypeSchema.describe('percentage or fixed.'),
    value: z.number().describe('Percent or currency units.'),
    usageLimit: z.number().int().nullable().describe('null = unlimited.'),
    usedCount: z.number().int(),
    minAmount: z
      .number()
      .nullable()
      .describe('Minimum order total; null = none. Emulator: compared after the group discount.'),
    expiresAt: TimestampSchema.nullable().describe('ISO 8601 or null; null = never.'),
    active: z.boolean().describe('Default true.'),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'Coupon' })
export interface Coupon extends z.infer<typeof CouponSchema> {}

const CodeSchema = trimmedText(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, "-" and "_"')
  .transform((s) => s.toUpperCase())
/**
 * Expiry as every timestamp the API answers with: ISO 8601 UTC with milliseconds. An offset on the
 * first or last day of the years 0000–9999 could push it out of four digits, which no timestamp of
 * the API (nor the db file) may hold: there the time must be given in UTC.
 */
const ExpirySchema = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
  .regex(
    /^(?!0000-01-01T.*\+(?!00:00)|9999-12-31T.*-(?!00:00)\d\d:\d\d$)/,
    'must fall between the years 0000 and 9999 in UTC',
  )
  .transform((at) => new Date(at).toISOString())
  .nullable()

const PERCENT_ABOVE_100 = 'must be at most 100 for a percentage coupon'

// The bodies' descriptions are the CLI's help lines and prompts and the OpenAPI document's.
const BodyFields = {
  code: CodeSchema.describe('coupon code (stored uppercased)'),
  value: MoneySchema.describe('percent, or currency units for fixed'),
  usageLimit: CountSchema.nullable().describe('times it can be used; null for unlimited'),
  expiresAt: ExpirySchema.describe('ISO 8601 expiry; null for never'),
  active: z.boolean().describe('usable at checkout (default true)'),
}
const TYPE_WORDS = 'percentage or fixed'
/** A percentage is at most 100; a fixed amount is money. */
const VALUES = {
  percentage: BodyFields.value.max(100, PERCENT_ABOVE_100).describe(BodyFields.value.description!),
  fixed: BodyFields.value,
}

const couponOf = <T extends CouponType>(type: T) =>
  z.strictObject({
    code: BodyFields.code,
    type: z.literal(type).describe(TYPE_WORDS),
    value: VALUES[type],
    usageLimit: BodyFields.usageLimit.optional(),
    minAmount: MoneySchema.nullable().describe('minimum order total; null for none').optional(),
    expiresAt: BodyFields.expiresAt.optional(),
    active: BodyFields.active.optional(),
  })

/** A new coupon, discriminated by `type`: a percentage's value is at most 100. */
export const CreateCouponBodySchema = z.discriminatedUnion('type', [couponOf('percentage'), couponOf('fixed')])
export type CreateCouponBody = z.infer<typeof CreateCouponBodySchema>
export type CreateCouponInput = z.input<typeof CreateCouponBodySchema>

/** The spec lists exactly these update fields (minAmount is not among them). */
const changeOf = <T extends z.ZodType, V extends z.ZodType>(type: T, value: V) =>
  z.strictObject({
    code: BodyFields.code.optional(),
    type,
    value: value.optional(),
    usageLimit: BodyFields.usageLimit.optional(),
    active: BodyFields.active.optional(),
    expiresAt: BodyFields.expiresAt.optional(),
  })

/**
 * The fields to change. With `type`, a value sent is checked against it; without it, only the
 * stored coupon's type says whether the value fits (`COUPON_PERCENT_ABOVE_100`).
 */
export const UpdateCouponBodySchema = z.discriminatedUnion('type', [
  changeOf(z.literal('percentage').describe(TYPE_WORDS), VALUES.percentage),
  changeOf(z.literal('fixed').describe(TYPE_WORDS), VALUES.fixed),
  withoutKey(changeOf(z.undefined().optional(), BodyFields.value), 'type'),
])
export type UpdateCouponBody = z.infer<typeof UpdateCouponBodySchema>
export type UpdateCouponInput = z.input<typeof UpdateCouponBodySchema>

/** A type or a value sent alone that, with the stored other half, makes a percentage above 100. */
export const COUPON_PERCENT_ABOVE_100 = fieldRefusal(400, 'value', PERCENT_ABOVE_100)
/** Codes are unique per shop (spec, "Errors": 409 for a duplicate coupon code). */
export const COUPON_CODE_TAKEN = refusal(
  409,
  'code: a coupon with code "{code}" already exists in this shop ({id}); choose another code',
  { name: 'code', message: 'is taken' },
)

export const CouponListQuerySchema = z.strictObject({
  active: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
})

export const CouponListSchema = z.object({ coupons: z.array(CouponSchema) })
export type CouponList = z.infer<typeof CouponListSchema>

/** Why a coupon cannot be used at checkout (DESIGN.md "Storefront"): the buyer's input, or used up (409). */
export const COUPON_UNKNOWN = fieldRefusal(400, 'couponCode', 'no coupon "{code}" exists in this shop')
export const COUPON_INACTIVE = fieldRefusal(400, 'couponCode', 'coupon "{code}" is not active')
export const COUPON_EXPIRED = fieldRefusal(400, 'couponCode', 'coupon "{code}" expired at {expiresAt}')
export const COUPON_USED_UP = fieldRefusal(
  409,
  'couponCode',
  'coupon "{code}" has been used {used} of {limit} times; no uses are left',
)
export const COUPON_BELOW_MINIMUM = fieldRefusal(
  400,
  'couponCode',
  'coupon "{code}" needs an order of at least {minimum} (this one is {amount})',
)
