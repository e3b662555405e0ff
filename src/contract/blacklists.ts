import * as z from 'zod'
import { BLACKLIST_TYPES } from './constants.js'
import { isIpAddress } from './ip.js'
import { TimestampSchema } from './common.js'

export const BlacklistTypeSchema = z.enum(BLACKLIST_TYPES)
export type BlacklistType = z.infer<typeof BlacklistTypeSchema>

export const BlacklistEntrySchema = z.object({
  id: z.string(),
  type: BlacklistTypeSchema,
  value: z.string(),
  reason: z.string().nullable(),
  createdAt: TimestampSchema,
})
export interface BlacklistEntry extends z.infer<typeof BlacklistEntrySchema> {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Checks a value against its entry type and returns it normalised, or an error message. */
export function normaliseBlacklistValue(type: BlacklistType, value: string): { value: string } | { error: string } {
  const v = value.trim()
  if (type === 'IP')
    return isIpAddress(v) ? { value: v.toLowerCase() } : { error: 'must be an IPv4 or IPv6 address for type IP' }
  if (type === 'COUNTRY')
    return /^[A-Za-z]{2}$/.test(v)
      ? { value: v.toUpperCase() }
      : { error: 'must be a 2-letter country code for type COUNTRY' }
  return EMAIL.test(v) && v.length <= 254
    ? { value: v.toLowerCase() }
    : { error: 'must be an e-mail address for type EMAIL' }
}

const TypeSchema = BlacklistTypeSchema.describe('IP, COUNTRY or EMAIL')
const ValueSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(254, 'must be at most 254 characters')
  .describe('an IP address, 2-letter country code or e-mail address')
const ReasonSchema = z.string().max(1000, 'must be at most 1000 characters').nullable().describe('internal note')

function checkValue(b: { type?: BlacklistType; value?: string }, ctx: z.RefinementCtx) {
  if (!b.type || b.value === undefined || b.value === '') return
  const checked = normaliseBlacklistValue(b.type, b.value)
  if ('error' in checked) ctx.addIssue({ code: 'custom', path: ['value'], message: checked.error })
}

export const CreateBlacklistBodySchema = z
  .strictObject({
    type: TypeSchema,
    value: ValueSchema,
    reason: ReasonSchema.optional(),
  })
  .superRefine(checkValue)
export type CreateBlacklistBody = z.infer<typeof CreateBlacklistBodySchema>
export type CreateBlacklistInput = z.input<typeof CreateBlacklistBodySchema>

export const UpdateBlacklistBodySchema = z
  .strictObject({
    type: TypeSchema.optional(),
    value: ValueSchema.optional(),
    reason: ReasonSchema.optional(),
  })
  .superRefine(checkValue)
export type UpdateBlacklistBody = z.infer<typeof UpdateBlacklistBodySchema>
export type UpdateBlacklistInput = z.input<typeof UpdateBlacklistBodySchema>

export const BlacklistListSchema = z.object({ blacklists: z.array(BlacklistEntrySchema) })
export interface BlacklistList extends z.infer<typeof BlacklistListSchema> {
  blacklists: BlacklistEntry[]
}
