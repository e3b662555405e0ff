import { StoreError } from './store-error.js'

/** The `{names}` a refusal's words hold. */
type Placeholders<W extends string> = W extends `${string}{${infer K}}${infer Rest}` ? K | Placeholders<Rest> : never

/**
 * A refusal that needs the stored state (an unknown id a body names, a duplicate, a payment's
 * amount due): its status, its words with `{placeholders}` for what the request named, and the
 * field at fault with that field error's own words. The service throws it with `refuse`; the
 * operation lists it with `errorCases`, so the documents show the words the server answers with.
 */
export interface Refusal<W extends string = string> {
  status: number
  words: W
  /** The field at fault and its field error's message (it may hold the same placeholders). */
  field?: { name: string; message: string }
}

export const refusal = <const W extends string>(
  status: number,
  words: W,
  field?: { name: string; message: string },
): Refusal<W> => (field ? { status, words, field } : { status, words })

/** A refusal of one field: the answer's `error` is `<field>: <message>`, its field error the message. */
export const fieldRefusal = <const F extends string, const M extends string>(
  status: number,
  field: F,
  message: M,
): Refusal<`${F}: ${M}`> => refusal(status, `${field}: ${message}` as `${F}: ${M}`, { name: field, message })

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))

/** The refusal as the error the server throws, its placeholders filled in. */
export function refuse<W extends string>(
  what: Refusal<W>,
  ...values: Placeholders<W> extends never ? [] : [Record<Placeholders<W>, string | number>]
): StoreError {
  const given = values[0] ?? {}
  const field = what.field && { field: fill(what.field.name, given), message: fill(what.field.message, given) }
  return new StoreError(what.status, fill(what.words, given), field ? [field] : undefined)
}

/**
 * An operation's error cases from its refusals: one `[status, words]` per status, listing the
 * words of each refusal of that status (an operation's 400 keeps the schema's refusals first).
 */
export function errorCases(...refusals: Refusal[]): [status: number, when: string][] {
  const byStatus = new Map<number, string[]>()
  for (const r of refusals) byStatus.set(r.status, [...(byStatus.get(r.status) ?? []), `\`${r.words}\``])
  return [...byStatus].map(([status, words]) => [
    status,
    status === 400
      ? `A body or query its schema refuses (\`<field>: <message>\`), or, after reading the stored records: ${words.join('; ')}.`
      : `${words.join('; ')}.`,
  ])
}
