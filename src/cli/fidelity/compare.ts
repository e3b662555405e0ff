// How `store drift` compares a recorded answer with the emulator's: status, fields and their types,
// error form, list length, order and paging; ids and cursors matched by position, not compared.
import { join, kindOf as shapeOf } from '../../fixtures/expect.js'
import { counted } from '../counted.js'
import { type IdMap, parseJson } from './id-map.js'

export type DifferenceKind =
  | 'status'
  | 'body'
  | 'missing field'
  | 'extra field'
  | 'type'
  | 'length'
  | 'order'
  | 'reference'
  | 'paging'
  | 'error form'

export interface Difference {
  kind: DifferenceKind
  field: string
  recorded: string
  replayed: string
}

export interface Answer {
  status: number
  text: string
}

/** Fields whose values name a record (or a page, or a list of records) and differ by nature. */
export const isReferenceKey = (key: string) =>
  key === 'id' || key === 'orderNumber' || key === 'nextCursor' || /Ids?$/.test(key)
/** `error` of a validation answer: `<field>: <message>` (spec, "Errors"). */
const FIELD_MESSAGE = /^[\w.[\]]+: \S/

const idOf = (record: unknown) => {
  const id = (record as { id?: unknown } | null)?.id
  return typeof id === 'string' ? id : undefined
}
const describeForm = (error: string) =>
  FIELD_MESSAGE.test(error) ? `"<field>: <message>" (${error.split(':')[0]})` : 'plain words'

export function compareAnswers(recorded: Answer, replayed: Answer, ids: IdMap): Difference[] {
  if (recorded.status !== replayed.status)
    return [{ kind: 'status', field: '(status)', recorded: String(recorded.status), replayed: String(replayed.status) }]
  const isError = recorded.status >= 400
  const a = parseJson(recorded.text)
  const b = parseJson(replayed.text)
  if (a === undefined || b === undefined) {
    if ((a === undefined) === (b === undefined)) return []
    const form = (value: unknown) => (value === undefined ? 'not JSON' : 'JSON')
    return [{ kind: isError ? 'error form' : 'body', field: '(body)', recorded: form(a), replayed: form(b) }]
  }
  const differences: Difference[] = []
  const add = (kind: DifferenceKind, field: string, recorded: string, replayed: string) =>
    differences.push({ kind: isError ? 'error form' : kind, field, recorded, replayed })

  const walk = (r: unknown, p: unknown, path: string, key: string): void => {
    const [kindR, kindP] = [shapeOf(r), shapeOf(p)]
    if (kindR !== kindP) add(key === 'nextCursor' ? 'paging' : 'type', path, kindR, kindP)
    else if (kindR === 'string' && isReferenceKey(key)) reference(r as string, p as string, path)
    else if (kindR === 'array') list(r as unknown[], p as unknown[], path)
    if (kindR !== 'object' || kindP !== 'object') return
    const [rs, ps] = [r as Record<string, unknown>, p as Record<string, unknown>]
    for (const k of Object.keys(rs)) {
      if (!(k in ps)) add(k === 'nextCursor' ? 'paging' : 'missing field', join(path, k), shapeOf(rs[k]), 'nothing')
      else walk(rs[k], ps[k], join(path, k), k)
    }
    for (const k of Object.keys(ps))
      if (!(k in rs)) add(k === 'nextCursor' ? 'paging' : 'extra field', join(path, k), 'nothing', shapeOf(ps[k]))
  }

  const reference = (r: string, p: string, path: string): void => {
    const known = ids.replayedOf(r)
    if (known === undefined) {
      if (ids.isTaken(p) && r !== p) add('reference', path, r, `${p}, which stands for another recorded record`)
      else ids.enter(r, p)
    } else if (known !== p) add('reference', path, `${r} (${known} here)`, p)
  }

  const list = (r: unknown[], p: unknown[], path: string): void => {
    if (r.length !== p.length) add('length', path || '(list)', counted(r.length, 'items'), counted(p.length, 'items'))
    // Records in another order: the first recorded record found at another position than its own.
    const positions = new Map(p.map((record, i) => [idOf(record), i]))
    for (const [i, record] of r.entries()) {
      const id = idOf(record)
      const expected = id === undefined ? undefined : ids.replayedOf(id)
      const at = expected === undefined ? undefined : positions.get(expected)
      if (at !== undefined && at !== i) {
        add('order', path || '(list)', `${id} at ${i}`, `at ${at}`)
        break
      }
    }
    for (let i = 0; i < Math.min(r.length, p.length); i++) walk(r[i], p[i], join(path, i), '')
  }

  walk(a, b, '', '')
  if (!isError) return differences
  const error = (v: unknown) => (v as { error?: unknown } | null)?.error
  const [ea, eb] = [error(a), error(b)]
  if (typeof ea === 'string' && typeof eb === 'string' && FIELD_MESSAGE.test(ea) !== FIELD_MESSAGE.test(eb))
    add('error form', 'error', describeForm(ea), describeForm(eb))
  const fields = (v: unknown) =>
    ((v as { errors?: unknown } | null)?.errors as { field?: unknown }[] | undefined)?.map((e) => String(e?.field))
  const [fa, fb] = [fields(a), fields(b)]
  if (fa && fb && fa.join(',') !== fb.join(','))
    add('error form', 'errors', `fields ${fa.join(', ')}`, `fields ${fb.join(', ')}`)
  return differences
}
