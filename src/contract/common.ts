import * as z from 'zod'

/** An ISO 8601 UTC timestamp with millisecond precision, as every API response carries. */
export const TimestampSchema = z.iso.datetime({ precision: 3 })

/**
 * The fields a record schema lists, without the index signature its looseness adds: what a
 * presenter returns, so the compiler refuses any field the schema does not name.
 */
export type ListedFields<S extends z.ZodObject> = z.output<z.ZodObject<S['shape']>>

/** Keys that would reach an object's prototype if copied naively; refused in every free-form object. */
export const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

export const MAX_NAME = 200
export const MAX_TEXT = 10_000
export const MAX_MONEY = 1_000_000_000
export const MAX_COUNT = 1_000_000_000

/** Text a client sends: blanks around it dropped, then not empty and at most `max` characters. */
export const trimmedText = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`)
export const NameSchema = trimmedText(MAX_NAME)
export const TextSchema = z.string().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`)
export const MoneySchema = z.number().nonnegative('must not be negative').max(MAX_MONEY, `must be at most ${MAX_MONEY}`)
/** A whole number from `min` to `max`; what is refused is said in words. */
export const intBetween = (min: number, max: number, number: z.ZodNumber = z.number()) =>
  number
    .int('must be an integer')
    .min(min, min === 0 ? 'must not be negative' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
export const CountSchema = intBetween(0, MAX_COUNT)
export const SortOrderSchema = intBetween(-MAX_COUNT, MAX_COUNT)
/** A code of `length` letters in any case, kept uppercase. */
const letterCode = (length: number, what: string) =>
  z
    .string()
    .regex(new RegExp(`^[A-Za-z]{${length}}$`), `must be a ${length}-letter ${what} code`)
    .transform((s) => s.toUpperCase())
export const CurrencySchema = letterCode(3, 'currency')
/** An id a client sends (a record's own or one it names). */
export const IdSchema = trimmedText(100)
/** An ISO 3166 country code. */
export const CountrySchema = letterCode(2, 'country')
/**
 * An e-mail address as a buyer types it: checked with zod's e-mail pattern (blanks around it
 * allowed, so the documents carry the same pattern), then trimmed and kept lowercase.
 */
export const EmailSchema = z
  .string()
  .max(254, { message: 'must be at most 254 characters', abort: true })
  .regex(new RegExp(`^\\s*${z.regexes.email.source.slice(1, -1)}\\s*$`), 'must be an e-mail address')
  .transform((s) => s.trim().toLowerCase())

/** A pattern that matches any of `words` in any case (`get`, `GET`, `Get`), for a value uppercased after. */
export const anyCaseOf = (words: readonly string[]) =>
  new RegExp(
    `^(?:${words.map((word) => [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join('')).join('|')})$`,
  )
export const UrlSchema = z
  .string()
  .max(2048)
  .url('must be an http(s) URL')
  .regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/?#]+/, 'must be an http(s) URL')
export const IdListSchema = z
  .array(z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters'))
  .max(1000, 'must hold at most 1000 ids')

/** The longest key a free-form object may hold. */
export const MAX_KEY = 200

/** Refuses the first key of `value` longer than `max`, at that key (cut to 40 characters), with `words`. */
export function refuseLongKey(value: object, ctx: z.RefinementCtx, max: number, words: string): void {
  const long = Object.keys(value).find((key) => key.length > max)
  if (long !== undefined)
    ctx.addIssue({ code: 'custom', path: [long.slice(0, 40)], message: `${words} must be at most ${max} characters` })
}

function refuseForbiddenKeys(value: object, ctx: z.RefinementCtx): void {
  const bad = findForbiddenKey(value)
  if (bad) ctx.addIssue({ code: 'custom', message: `key "${bad}" is not allowed` })
}

/** A free-form JSON object (custom fields, theme config) without prototype-reaching keys. */
export const SafeObjectSchema = z.record(z.string().max(MAX_KEY), z.unknown()).superRefine(refuseForbiddenKeys)

/** A free-form object whose known fields `shape` checks; its keys as SafeObjectSchema's (the documents say so too). */
export const safeObjectWith = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z
    .looseObject(shape)
    .superRefine((value, ctx) => {
      refuseLongKey(value, ctx, MAX_KEY, 'keys')
      refuseForbiddenKeys(value, ctx)
    })
    .meta({ propertyNames: { maxLength: MAX_KEY } })

const holding =
  (how: 'anyOf' | 'oneOf', fits: (count: number) => boolean) =>
  <S extends z.ZodObject>(
    schema: S,
    keys: readonly (keyof z.output<S> & string)[],
    issue: { message: string; path?: string[] },
  ) =>
    schema
      .refine((body) => fits(keys.filter((key) => (body as Record<string, unknown>)[key] !== undefined).length), issue)
      .meta({ [how]: keys.map((key) => ({ required: [key] })) })

/** Refuses an object that holds none of `keys`, with `issue`'s words; the documents say so too (`anyOf`). */
export const atLeastOneOf = holding('anyOf', (count) => count > 0)
/** Refuses an object that holds none or more than one of `keys`; the documents say so too (`oneOf`). */
export const exactlyOneOf = holding('oneOf', (count) => count === 1)

/**
 * The member of a body discriminated by `key` for when `key` is left out. zod needs the key in
 * the shape (as `undefined`); the documents say it by leaving the key out of the fields allowed.
 */
export const withoutKey = <S extends z.ZodObject>(schema: S, key: keyof S['shape'] & string): S =>
  schema.meta({
    override: ({ jsonSchema }: { jsonSchema: { properties?: Record<string, unknown> } }) => {
      delete jsonSchema.properties?.[key]
    },
  })

/** Deepest nesting of objects and arrays a request body may have (deeper JSON is refused, never walked). */
export const MAX_DEPTH = 20

/** True when objects/arrays nest deeper than `max` levels; stops walking at the limit. */
export function isNestedDeeperThan(value: unknown, max: number = MAX_DEPTH, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return false
  if (depth >= max) return true
  for (const inner of Object.values(value)) if (isNestedDeeperThan(inner, max, depth + 1)) return true
  return false
}

export function findForbiddenKey(value: unknown, depth = 0): string | undefined {
  if (depth > 20 || value === null || typeof value !== 'object') return undefined
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return key
    const inner = findForbiddenKey((value as Record<string, unknown>)[key], depth + 1)
    if (inner) return inner
  }
  return undefined
}

/** The answer of a delete. */
export const SuccessSchema = z.object({ success: z.literal(true) }).meta({ id: 'Success' })
export interface Success extends z.infer<typeof SuccessSchema> {}

/** The query of a list that takes no parameters: any parameter is refused rather than ignored. */
export const NoQuerySchema = z.strictObject({})

/** A list's `limit` query parameter: a whole number from 1 to `max`; left out, the list's default. */
export const limitQuery = (max: number) => intBetween(1, max, z.coerce.number()).optional()
