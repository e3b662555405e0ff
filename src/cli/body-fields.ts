// A request body's fields as command-line flags, derived from its zod schema in src/contract: the
// shape gives the flags, the types how a value is read, `.describe()` the help line and prompt,
// and what is not optional is required on create. A field added to a body needs no other edit.
import type * as z from 'zod'
import type { CliContext } from './context.js'

type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'list' | 'json' | 'text'

/** One body field as a flag: `--flag` on the command line, `path` in the body. */
export interface BodyField {
  /** Where the value goes: `['usageLimit']`, `['files', 'custom.css']`. */
  path: string[]
  kind: FieldKind
  /** A string or number that may be null: `null` (or none, unlimited, never) sends null. */
  nullable?: boolean
  description: string
  choices?: readonly string[]
  /** Required on create: prompted for on a TTY, a usage error otherwise. */
  required?: boolean
  /** An object's own fields: flags of their own where a command asks for them (`FlagOverrides`). */
  inner?: BodyField[]
  /** The flag without `--`; default the path in kebab-case (`usage-limit`, `subscription-trial-days`). */
  flag?: string
  /** Not required, but asked for on a terminal when not given, this choice preselected (enums). */
  askDefault?: string
  /** A command's own reading of the value (`--events all`), in place of the kind's; the schema checks it after. */
  parse?: (text: string, io: Pick<CliContext, 'stdin' | 'cwd'>) => unknown
  /** The value's shape in help, where the kind's would not say it (`<kinds|all>`). */
  placeholder?: string
}

/**
 * What a command changes of its derived flags, by the field's dotted path: another flag name, a
 * value read as text (`@file`, `-`) or JSON or in the command's own way, a choice asked for on a
 * terminal; `false` drops the flag (the command reads that field itself). Naming a field inside an
 * object gives the object's fields flags of their own, in the order named, in place of one JSON flag.
 */
export type FlagOverrides = Record<
  string,
  | false
  | (Partial<Pick<BodyField, 'flag' | 'askDefault' | 'parse' | 'placeholder' | 'description'>> & {
      kind?: 'text' | 'json'
    })
>

/** The parts of a zod definition the walk reads (zod's `def`, public in zod 4). */
interface Def {
  type: string
  innerType?: z.ZodType
  in?: z.ZodType
  element?: z.ZodType
  shape?: Record<string, z.ZodType>
  options?: z.ZodType[]
  values?: unknown[]
}
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def

/**
 * The fields of an object schema, in its order. Strings, numbers, booleans and enums are flags of
 * their type (nullable ones take `null`); arrays of strings or enums a comma list; anything else
 * (objects, records, arrays of objects) one JSON flag, an object keeping its own fields in `inner`.
 */
export function bodyFields(schema: z.ZodType, at: string[] = []): BodyField[] {
  const def = defOf(unwrap(schema).base)
  if (def.type === 'union') return mergedFields(def.options!.map((option) => bodyFields(option, at)))
  const shape = def.shape ?? {}
  return Object.entries(shape)
    .filter(([, field]) => defOf(unwrap(field).base).type !== 'undefined')
    .map(([key, field]) => fieldOf(field, [...at, key]))
}

/**
 * The fields of a body that is one of several objects (discriminated by `type`): each field once,
 * in the order first met, required only where every object requires it, its choices those of all.
 */
function mergedFields(options: BodyField[][]): BodyField[] {
  const byName = new Map<string, BodyField>()
  for (const field of options.flat()) {
    const name = nameOf(field)
    const seen = byName.get(name)
    if (!seen) byName.set(name, field)
    else if (seen.choices && field.choices)
      byName.set(name, { ...seen, choices: [...new Set([...seen.choices, ...field.choices])] })
  }
  return [...byName.values()].map((field) => {
    const { required: _, ...optional } = field
    return options.every((fields) => fields.some((f) => nameOf(f) === nameOf(field) && f.required)) ? field : optional
  })
}

/** The schema under optional, nullable, default, pipe (its input side) and readonly wrappers. */
function unwrap(schema: z.ZodType) {
  let base = schema
  let isOptional = false
  let isNullable = false
  let description: string | undefined
  for (;;) {
    description ??= base.description
    const def = defOf(base)
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') isOptional = true
    else if (def.type === 'nullable') isNullable = true
    else if (def.type !== 'readonly' && def.type !== 'catch' && def.type !== 'pipe') break
    base = (def.type === 'pipe' ? def.in : def.innerType)!
  }
  return { base, isOptional, isNullable, description }
}

const words = (key: string) => key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`).trim()

function fieldOf(schema: z.ZodType, path: string[]): BodyField {
  const { base, isOptional, isNullable, description } = unwrap(schema)
  const field: BodyField = {
    path,
    kind: 'json',
    description: description ?? words(path[path.length - 1]),
    ...(isOptional ? {} : { required: true }),
  }
  const def = defOf(base)
  switch (def.type) {
    case 'string':
    case 'number': {
      const kind = def.type === 'string' ? 'string' : (base as z.ZodNumber).isInt ? 'integer' : 'number'
      return { ...field, kind, ...(isNullable && { nullable: true }) }
    }
    case 'boolean':
      return { ...field, kind: 'boolean' }
    case 'enum':
      return { ...field, kind: 'enum', choices: (base as z.ZodEnum).options.map(String) }
    case 'literal':
      return { ...field, kind: 'enum', choices: def.values!.map(String) }
    case 'array': {
      const element = defOf(unwrap(def.element!).base).type
      return element === 'string' || element === 'enum' ? { ...field, kind: 'list' } : field
    }
    case 'object':
      return { ...field, inner: bodyFields(base, path) }
    default:
      return field
  }
}

const kebab = (name: string) =>
  name
    .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
export const flagOf = (f: BodyField) => f.flag ?? f.path.map(kebab).join('-')
/** The field in messages and field errors: `usageLimit`, `files.custom.css`. */
export const nameOf = (f: BodyField) => f.path.join('.')

/** The fields with a command's overrides applied (see `FlagOverrides`). */
export function withOverrides(fields: readonly BodyField[], overrides: FlagOverrides = {}): BodyField[] {
  const named = Object.keys(overrides)
  return fields.flatMap((f): BodyField[] => {
    const name = nameOf(f)
    const override = overrides[name]
    if (override === false) return []
    const within = named.filter((n) => n.startsWith(`${name}.`))
    if (!f.inner || !within.length) return [{ ...f, ...override }]
    const inner = f.inner.map((i) => ({ ...i, required: f.required && i.required }))
    const rank = (i: BodyField) => (within.includes(nameOf(i)) ? within.indexOf(nameOf(i)) : within.length)
    return withOverrides(
      [...inner].sort((a, b) => rank(a) - rank(b)),
      overrides,
    )
  })
}
