// Request bodies an operation's schema refuses, made from the schema the document gives: each
// field of the wrong type, an unknown field, required fields left out, values past each bound,
// and values fast-check draws. Only bodies the document does refuse are kept.
import fc from 'fast-check'
import type { BodyOperation, Json, ServedDocuments } from './documents.js'

/** One value of each JSON type, and a few of each type that often break a bound. */
const EVERY_TYPE: unknown[] = [null, true, 0, -1, 1.5, 1e300, '', 'x', [], ['x'], {}, { x: 1 }]

/** How deep into nested objects and arrays the bad values go. */
const DEPTH = 2

/** The objects a body may be: the members of a `oneOf`/`anyOf` that list fields, or the body itself. */
function membersOf(docs: ServedDocuments, operation: BodyOperation, schema: Json): Json[] {
  const members = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]
    .map((member: Json) => docs.resolve(operation, member))
    .filter((member) => member.properties)
  return members.length ? members : [schema]
}

/** The fields a member requires to be one value (`type: "IP"`): what selects that member. */
function selectorOf(member: Json): Json {
  const out: Json = {}
  for (const name of member.required ?? []) {
    const field = member.properties?.[name]
    if (field && 'const' in field) out[name] = field.const
  }
  return out
}

/** Values the field's schema refuses, or may: wrong types, values past its bounds, bad nested parts. */
function badValues(docs: ServedDocuments, operation: BodyOperation, schema: Json, depth: number): unknown[] {
  const field = docs.resolve(operation, schema)
  const out: unknown[] = [...EVERY_TYPE]
  const branches = [field, ...(field.anyOf ?? []), ...(field.oneOf ?? []), ...(field.allOf ?? [])].map((b: Json) =>
    docs.resolve(operation, b),
  )
  for (const b of branches) {
    if (typeof b.maximum === 'number') out.push(b.maximum + 1, b.maximum + 0.5)
    if (typeof b.exclusiveMaximum === 'number') out.push(b.exclusiveMaximum)
    if (typeof b.minimum === 'number') out.push(b.minimum - 1, b.minimum - 0.5)
    if (typeof b.exclusiveMinimum === 'number') out.push(b.exclusiveMinimum)
    if (b.type === 'integer') out.push(2.5)
    if (typeof b.multipleOf === 'number') out.push(b.multipleOf / 3)
    if (typeof b.maxLength === 'number' && b.maxLength <= 300_000) out.push('x'.repeat(b.maxLength + 1))
    if (b.minLength > 0) out.push('')
    if (b.pattern) out.push('!', ' ', '\u0000', 'not valid', '1.2.3.4.5', 'a@', 'http://')
    if (b.enum || 'const' in b) out.push('no-such-choice', 'NO')
    if (typeof b.maxItems === 'number' && b.maxItems <= 1000)
      out.push(Array.from({ length: b.maxItems + 1 }, (_, i) => `item${i}`))
    if (b.minItems > 0) out.push([])
    if (b.uniqueItems) out.push(['same', 'same'])
    if (typeof b.maxProperties === 'number')
      out.push(Object.fromEntries(Array.from({ length: b.maxProperties + 1 }, (_, i) => [`f${i}`, i])))
    if (typeof b.propertyNames?.maxLength === 'number') out.push({ ['k'.repeat(b.propertyNames.maxLength + 1)]: 1 })
    if (depth > 0 && b.properties)
      for (const member of membersOf(docs, operation, b))
        for (const [name, inner] of Object.entries(member.properties as Json))
          for (const bad of badValues(docs, operation, inner, depth - 1))
            out.push({ ...selectorOf(member), [name]: bad })
    if (depth > 0 && b.items && typeof b.items === 'object')
      for (const bad of badValues(docs, operation, b.items, depth - 1)) out.push([bad])
  }
  return out
}

/** A number from a text, so each field gets its own fast-check seed. */
const seedOf = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7)

/**
 * Bodies the operation's request schema refuses, each once: `{}`, an unknown field, each field's
 * bad values (per member of a body discriminated by a field), and `draws` values of any JSON per
 * field from fast-check.
 */
export function refusedBodies(docs: ServedDocuments, operation: BodyOperation, draws = 6): unknown[] {
  const found = new Map<string, unknown>()
  const add = (body: unknown) => {
    const key = JSON.stringify(body)
    if (!found.has(key) && !docs.accepts(operation, body)) found.set(key, body)
  }
  const root = docs.resolve(operation, operation.schema)
  add({})
  for (const member of membersOf(docs, operation, root)) {
    const selector = selectorOf(member)
    add(selector)
    add({ ...selector, notAField: true })
    for (const [name, field] of Object.entries((member.properties ?? {}) as Json)) {
      for (const bad of badValues(docs, operation, field, DEPTH)) add({ ...selector, [name]: bad })
      const drawn = fc.sample(fc.jsonValue({ maxDepth: 2 }), { numRuns: draws, seed: seedOf(operation.label + name) })
      for (const value of drawn) add({ ...selector, [name]: value })
    }
  }
  return [...found.values()]
}
