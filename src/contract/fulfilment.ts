import * as z from 'zod'
import { MoneySchema, NameSchema, TextSchema, TimestampSchema, UrlSchema, intBetween, trimmedText } from './common.js'
import { MysteryPublicSchema } from './mystery.js'
import { fieldRefusal, refusal } from './refusals.js'

/** A code of a serial pool or a mystery outcome: printable, no surrounding blanks, one per line in `codes.txt`. */
const CodeSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(500, 'must be at most 500 characters')
  .regex(/^\S(?:[^\r\n]*\S)?$/, 'must be one line without leading or trailing blanks')

const MAX_CODES = 100_000

const FileSchema = z.strictObject({ name: NameSchema, url: UrlSchema })

export const MysteryOutcomeSetupSchema = z.strictObject({
  name: NameSchema,
  weight: intBetween(1, 1_000_000_000),
  /** null = unlimited; omitted = the size of `codes`, or unlimited without codes. */
  stock: z.number().int('must be an integer').min(0, 'must not be negative').max(1_000_000_000).nullable().optional(),
  codes: z.array(CodeSchema).max(MAX_CODES, `must hold at most ${MAX_CODES} codes`).optional(),
})
export type MysteryOutcomeSetup = z.infer<typeof MysteryOutcomeSetupSchema>

export const SubscriptionIntervalSchema = z.enum(['DAY', 'WEEK', 'MONTH', 'YEAR'])
export type SubscriptionInterval = z.infer<typeof SubscriptionIntervalSchema>

export const SubscriptionPlanSchema = z.strictObject({
  interval: SubscriptionIntervalSchema.describe('subscription billing interval'),
  intervalCount: intBetween(1, 365).describe('intervals per billing period'),
  trialDays: intBetween(0, 730).describe('free trial days').optional(),
})
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>

/**
 * Body of `PUT /_emulator/products/:id/fulfilment` and the `fulfilment` block of a seed product
 * (DESIGN.md, control API). A field that is present replaces the stored one, `null` removes it,
 * an absent field is kept. Which fields a product type accepts is checked against the product.
 */
export const FulfilmentSetupBodySchema = z
  .strictObject({
    deliveryMessage: TextSchema.nullable().describe('delivery message (Service, Physical)').optional(),
    files: z
      .array(FileSchema)
      .max(100, 'must hold at most 100 files')
      .nullable()
      .describe('downloads (Digital): a name and URL each; replaces the list')
      .optional(),
    serials: z
      .array(CodeSchema)
      .max(MAX_CODES, `must hold at most ${MAX_CODES} codes`)
      .meta({ uniqueItems: true })
      .nullable()
      .describe('the code pool (Serial); replaces it, and stock follows it')
      .optional(),
    dynamicWebhookUrl: UrlSchema.nullable().describe('Dynamic products: the URL POSTed per line item').optional(),
    mystery: z
      .strictObject({
        outcomes: z
          .array(MysteryOutcomeSetupSchema)
          .min(1, 'must hold at least one outcome')
          .max(100, 'must hold at most 100 outcomes'),
      })
      .nullable()
      .describe('mystery table {outcomes: [{name, weight, stock?, codes?}]}')
      .optional(),
    subscription: SubscriptionPlanSchema.nullable().describe('subscription plan (Subscription)').optional(),
  })
  .superRefine((body, ctx) => {
    const codes = new Set<string>()
    const refuse = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message })
    const once = (code: string, path: PropertyKey[]) => {
      if (codes.has(code)) refuse(path, `duplicates the code "${code}"; every code is delivered once`)
      codes.add(code)
    }
    for (const [at, code] of (body.serials ?? []).entries()) once(code, ['serials', at])
    codes.clear()
    const names = new Set<string>()
    body.mystery?.outcomes.forEach((o, at) => {
      const path = ['mystery', 'outcomes', at]
      if (names.has(o.name)) refuse([...path, 'name'], `duplicates the outcome "${o.name}"`)
      names.add(o.name)
      if (!o.codes) return
      // The published stock alone decides whether an outcome can be won (fairness module), so a
      // coded outcome can never show more stock than it has codes.
      if (o.stock === null)
        refuse([...path, 'stock'], 'must be a number (at most the number of codes) when the outcome has codes')
      else if (o.stock !== undefined && o.stock > o.codes.length)
        refuse([...path, 'stock'], `must be at most the number of codes (${o.codes.length})`)
      for (const [k, code] of o.codes.entries()) once(code, [...path, 'codes', k])
    })
  })
export type FulfilmentSetupBody = z.infer<typeof FulfilmentSetupBodySchema>
export type FulfilmentSetupInput = z.input<typeof FulfilmentSetupBodySchema>

/**
 * The setup as the control API shows it to the merchant: the pools as they stand now, the
 * mystery table with its public commitment. The server seed is never shown.
 */
export const FulfilmentSetupSchema = z
  .object({
    productId: z.string(),
    productType: z.string(),
    deliveryMessage: z.string().nullable(),
    files: z.array(z.object({ name: z.string(), url: z.string() })),
    serials: z.array(z.string()).nullable(),
    dynamicWebhookUrl: z.string().nullable(),
    mystery: MysteryPublicSchema.extend({
      outcomes: z.array(MysteryPublicSchema.shape.outcomes.element.extend({ codes: z.array(z.string()).optional() })),
    }).nullable(),
    subscription: z
      .object({ interval: SubscriptionIntervalSchema, intervalCount: z.number().int(), trialDays: z.number().int() })
      .nullable(),
    stock: z.number().int().nullable(),
    updatedAt: TimestampSchema.nullable(),
  })
  .meta({ id: 'FulfilmentSetup' })
export interface FulfilmentSetup extends z.infer<typeof FulfilmentSetupSchema> {}

/** Body of `POST /_emulator/orders/:id/pay`: without `amount` the amount due is paid. */
export const PayBodySchema = z.strictObject({
  amount: MoneySchema.refine(
    (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
    'must have at most 2 decimals (cents)',
  )
    .meta({ multipleOf: 0.01 })
    .optional(),
  gateway: trimmedText(50).optional(),
})
export type PayBody = z.infer<typeof PayBodySchema>
export type PayInput = z.input<typeof PayBodySchema>

export const TrackingBodySchema = z.strictObject({
  code: trimmedText(100),
  carrier: trimmedText(100).optional(),
})
export type TrackingBody = z.infer<typeof TrackingBodySchema>
export type TrackingInput = z.input<typeof TrackingBodySchema>

/** Five years: enough for yearly renewals, small enough that daily plans stay a bounded amount of work. */
export const MAX_CLOCK_ADVANCE_SECONDS = 5 * 366 * 24 * 3600

export const ClockAdvanceBodySchema = z.strictObject({
  seconds: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(MAX_CLOCK_ADVANCE_SECONDS, `must be at most ${MAX_CLOCK_ADVANCE_SECONDS} (5 years)`),
})

/** Answer of the clock routes: the emulator's time and what fell due while it moved. */
export const ClockSchema = z
  .object({
    now: TimestampSchema,
    offsetSeconds: z.number(),
    due: z.object({ upcoming: z.number().int(), trialsEnded: z.number().int(), renewed: z.number().int() }).optional(),
  })
  .meta({ id: 'Clock' })
export interface ClockState extends z.infer<typeof ClockSchema> {}

export const QueryReplyBodySchema = z.strictObject({
  message: trimmedText(10_000),
})

/** The refusals of the order actions, which need the stored order (docs/storefront.md, "Order flow"). */
export const ORDER_CLOSED_TO_PAYMENT = refusal(409, 'order {order} is {status}; a {status} order cannot be paid')
export const PAYMENT_ALREADY_SETTLED = refusal(
  409,
  'order {order} has paymentStatus {paymentStatus}; only unpaid or partially paid orders take payments',
)
export const PAYMENT_ABOVE_DUE = fieldRefusal(400, 'amount', 'must be at most the amount due ({due} {currency})')
export const PAYMENT_NOT_ABOVE_ZERO = fieldRefusal(
  400,
  'amount',
  'must be above 0 (the amount due is {due} {currency})',
)
export const DELIVERY_BEFORE_PAYMENT = refusal(
  409,
  'order {order} is not paid (paymentStatus {paymentStatus}); deliveries follow payment',
)
export const TRACKING_WITHOUT_PHYSICAL = refusal(
  400,
  'order {order} has no Physical item; tracking applies to shipped goods',
)
export const SHIPPING_BEFORE_PAYMENT = refusal(
  409,
  'order {order} is not paid (paymentStatus {paymentStatus}); ship after payment',
)
export const DISPUTE_WITHOUT_PAYMENT = refusal(
  409,
  'order {order} has paymentStatus {paymentStatus}; only a payment can be disputed',
)
