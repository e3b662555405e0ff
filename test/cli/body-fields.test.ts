import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { type BodyField, bodyFields, flagOf, withOverrides } from '../../src/cli/body-fields.js'

const only = (schema: z.ZodType) => bodyFields(z.strictObject({ field: schema }))[0]

describe('bodyFields', () => {
  it.each<[string, z.ZodType, Partial<BodyField>]>([
    ['a string', z.string().trim().min(1), { kind: 'string', required: true }],
    ['an e-mail (a string piped into a format)', z.string().pipe(z.email()), { kind: 'string' }],
    [
      'a nullable date-time behind a transform',
      z.iso
        .datetime()
        .transform((s) => s)
        .nullable(),
      { kind: 'string', nullable: true },
    ],
    ['a number', z.number().min(0), { kind: 'number' }],
    ['an integer', z.number().int(), { kind: 'integer' }],
    ['a nullable integer', z.number().int().nullable(), { kind: 'integer', nullable: true }],
    ['a nullable number', z.number().nullable(), { kind: 'number', nullable: true }],
    ['a boolean', z.boolean(), { kind: 'boolean' }],
    ['an enum', z.enum(['a', 'b']), { kind: 'enum', choices: ['a', 'b'] }],
    ['an array of strings', z.array(z.string()), { kind: 'list' }],
    ['an array of enums behind a transform', z.array(z.enum(['x', 'y'])).transform((v) => v), { kind: 'list' }],
    ['an array of objects', z.array(z.object({ a: z.string() })), { kind: 'json' }],
    ['a record', z.record(z.string(), z.unknown()), { kind: 'json' }],
    ['an optional field', z.string().optional(), { kind: 'string', required: undefined }],
    ['a field with a default', z.number().default(1), { kind: 'number', required: undefined }],
  ])('reads %s', (_what, schema, expected) => {
    const { required, ...rest } = expected
    const field = only(schema)
    expect(field).toMatchObject({ path: ['field'], ...rest })
    // Not optional is required (rows that say nothing of it are required fields).
    expect(field.required).toBe('required' in expected ? required : true)
  })

  it('takes the description from any wrapper, else words of the name', () => {
    expect(only(z.string().describe('inner').optional()).description).toBe('inner')
    expect(only(z.string().optional().describe('outer')).description).toBe('outer')
    expect(only(z.string().meta({ description: 'from meta' })).description).toBe('from meta')
    expect(bodyFields(z.object({ usageLimit: z.number() }))[0].description).toBe('usage limit')
  })

  it('keeps an object as one JSON field with its own fields inside, paths in full', () => {
    const [files] = bodyFields(z.object({ files: z.object({ 'custom.css': z.string(), size: z.number() }).optional() }))
    expect(files).toMatchObject({ path: ['files'], kind: 'json' })
    expect(files.required).toBeUndefined()
    expect(files.inner).toMatchObject([
      { path: ['files', 'custom.css'], kind: 'string', required: true },
      { path: ['files', 'size'], kind: 'number', required: true },
    ])
    expect(files.inner!.map(flagOf)).toEqual(['files-custom-css', 'files-size'])
  })

  it('names flags in kebab-case from camelCase fields', () => {
    const fields = bodyFields(z.object({ usageLimit: z.number(), minAmount: z.number(), a: z.string() }))
    expect(fields.map(flagOf)).toEqual(['usage-limit', 'min-amount', 'a'])
  })
})

describe('withOverrides', () => {
  const fields = bodyFields(
    z.object({
      deliveryMessage: z.string().optional(),
      serials: z.array(z.string()).optional(),
      plan: z.object({ interval: z.enum(['DAY', 'WEEK']), count: z.number().int(), trial: z.number() }).optional(),
      status: z.enum(['Live', 'Draft']).optional(),
    }),
  )

  it('renames, changes how a value is read, drops, and preselects', () => {
    const out = withOverrides(fields, {
      deliveryMessage: { flag: 'message', kind: 'text' },
      serials: false,
      status: { askDefault: 'Draft' },
    })
    expect(out.map(flagOf)).toEqual(['message', 'plan', 'status'])
    expect(out[0]).toMatchObject({ path: ['deliveryMessage'], kind: 'text' })
    expect(out[2].askDefault).toBe('Draft')
  })

  it("gives an object's fields flags of their own, in the order named, the rest after", () => {
    const out = withOverrides(fields, { 'plan.trial': { flag: 'trial-days' }, 'plan.interval': { flag: 'interval' } })
    expect(out.map(flagOf)).toEqual(['delivery-message', 'serials', 'trial-days', 'interval', 'plan-count', 'status'])
    // Inside an optional object nothing is required on its own.
    expect(out.filter((f) => f.required)).toEqual([])
  })

  it('leaves the fields as they are without overrides', () => {
    expect(withOverrides(fields)).toEqual(fields)
  })
})
