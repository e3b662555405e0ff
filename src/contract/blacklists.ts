import * as z from 'zod'
import { BLACKLIST_TYPES } from './constants.js'
import { IP_ADDRESS } from './ip.js'
import { TimestampSchema, withoutKey } from './common.js'
import { fieldRefusal, refusal } from './refusals.js'

export const BlacklistTypeSchema = z.enum(BLACKLIST_TYPES)
export type BlacklistType = z.infer<typeof BlacklistTypeSchema>

export const BlacklistEntrySchema = z
  .object({
    id: z.string(),
    type: BlacklistTypeSchema.describe('IP, COUNTRY or EMAIL.'),
    value: z.string().describe('An IP address, a 2-letter country code, or an e-mail address according to type.'),
    reason: z.string().nullable().describe('Internal note; never shown to the visitor.'),
    createdAt: TimestampSchema,
  })
  .meta({ id: 'BlacklistEntry', description: 'Visitors matching an entry are prevented from using the storefront.' })
export interface BlacklistEntry extends z.infer<typeof BlacklistEntrySchema> {}

/** What the value of each entry type must be (spec, "Blacklist entry"). */
export const BLACKLIST_VALUE_WORDS: Record<BlacklistType, string> = {
  IP: 'an IPv4 or IPv6 address',
  COUNTRY: 'a 2-letter country code',
  EMAIL: 'an e-mail address',
}

const MAX_VALUE = 254
const RawValueSchema = z
  .string()
  .min(1, { message: 'must not be empty', abort: true })
  .max(MAX_VALUE, { message: `must be at most ${MAX_VALUE} characters`, abort: true })
  .describe('an IP address, 2-letter country code or e-mail address')

/**
 * The value of an entry of `type`: surrounding blanks are dropped, then it must be what the type
 * names, and it is stored as the storefront compares it (an address or e-mail lowercased, a
 * country uppercased). One pattern per type, so the documents refuse what the server refuses.
 */
const typedValue = (type: BlacklistType, pattern: string, normalise: (value: string) => string) =>
  RawValueSchema.regex(new RegExp(`^\\s*${pattern}\\s*$`), `must be ${BLACKLIST_VALUE_WORDS[type]} for type ${type}`)
    .transform((value) => normalise(value.trim()))
    .describe(RawValueSchema.description!)

const lower = (value: string) => value.toLowerCase()
export const BLACKLIST_VALUES = {
  IP: typedValue('IP', IP_ADDRESS, lower),
  COUNTRY: typedValue('COUNTRY', '[A-Za-z]{2}', (value) => value.toUpperCase()),
  EMAIL: typedValue('EMAIL', '[^\\s@]+@[^\\s@]+\\.[^\\s@]+', lower),
} as const

/** Checks a value against its entry type and returns it normalised, or an error message. */
export function normaliseBlacklistValue(type: BlacklistType, value: string): { value: string } | { error: string } {
  const checked = BLACKLIST_VALUES[type].safeParse(value)
  return checked.success ? { value: checked.data } : { error: checked.error.issues[0].message }
}

const TYPE_WORDS = 'IP, COUNTRY or EMAIL'
const ReasonSchema = z.string().max(1000, 'must be at most 1000 characters').nullable().describe('internal note')

const entryOf = <T extends BlacklistType>(type: T) =>
  z.strictObject({
    type: z.literal(type).describe(TYPE_WORDS),
    value: BLACKLIST_VALUES[type],
    reason: ReasonSchema.optional(),
  })

/** A new entry: its value is checked against its type (a body discriminated by `type`). */
export const CreateBlacklistBodySchema = z.discriminatedUnion('type', [
  entryOf('IP'),
  entryOf('COUNTRY'),
  entryOf('EMAIL'),
])
export type CreateBlacklistBody = z.infer<typeof CreateBlacklistBodySchema>
export type CreateBlacklistInput = z.input<typeof CreateBlacklistBodySchema>

const changeOf = <T extends BlacklistType>(type: T) => entryOf(type).partial({ value: true, reason: true })

/**
 * The fields to change. With `type`, a value sent is checked against it; without `type`, the
 * value can only be checked against the stored entry's type (`BLACKLIST_VALUE_UNFIT`).
 */
export const UpdateBlacklistBodySchema = z.discriminatedUnion('type', [
  changeOf('IP'),
  changeOf('COUNTRY'),
  changeOf('EMAIL'),
  withoutKey(
    z.strictObject({
      type: z.undefined().optional(),
      value: RawValueSchema.optional(),
      reason: ReasonSchema.optional(),
    }),
    'type',
  ),
])
export type UpdateBlacklistBody = z.infer<typeof UpdateBlacklistBodySchema>
export type UpdateBlacklistInput = z.input<typeof UpdateBlacklistBodySchema>

export const BlacklistListSchema = z.object({ blacklists: z.array(BlacklistEntrySchema) })
export type BlacklistList = z.infer<typeof BlacklistListSchema>

/** An update whose value and type meet only with the stored entry, and do not fit. */
export const BLACKLIST_VALUE_UNFIT = fieldRefusal(400, 'value', 'must be {expected} for type {type}')
/** One entry per visitor: a second entry of the same type and value. */
export const BLACKLIST_DUPLICATE = refusal(409, 'value: {type} {value} is already blacklisted in this shop ({id})', {
  name: 'value',
  message: 'is already blacklisted',
})
