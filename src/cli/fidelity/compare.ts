// How `store drift` compares a recorded answer with the emulator's: status, fields and their types,
// error form, list length, order and paging; ids and cursors matched by position, not compared.
import { kindOf as shapeOf } from '../../fixtures/expect.js'
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

/** Fields whose values name a record (or a page) and differ by nature. */
export const isReferenceKey = (key: string) =>
  key === 'id' || key === 'orderNumber' || key === 'nextCursor' || /Id$/.test(key)
/** `error` of a validation answer: `<field>: <message>` (spec, "Errors"). */
const FIELD_MESSAGE = /^[\w.[\]]+: \S/

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key))

class Comparison {
  readonly differences: Difference[] = []

  constructor(
    private readonly ids: IdMap,
    private readonly isError: boolean,
  ) {}

  add(kind: DifferenceKind, field: string, recorded: string, replayed: string): void {
    this.differences.push({ kind: this.isError ? 'error form' : kind, field, recorded, replayed })
  }

  walk(recorded: unknown, replayed: unknown, path: string, key: string): void {
    const [a, b] = [shapeOf(recorded), shapeOf(replayed)]
    if (a !== b) return this.add(key === 'nextCursor' ? 'paging' : 'type', path, a, b)
    if (a === 'string' && isReferenceKey(key)) return this.reference(recorded as string, replayed as string, path)
    if (a === 'array') return this.list(recorded as unknown[], replayed as unknown[], path)
    if (a !== 'object') return
    const r = recorded as Record<string, unknown>
    const p = replayed as Record<string, unknown>
    for (const k of Object.keys(r)) {
      if (!(k in p)) this.add(k === 'nextCursor' ? 'paging' : 'missing field', join(path, k), shapeOf(r[k]), 'nothing')
      else this.walk(r[k], p[k], join(path, k), k)
    }
    for (const k of Object.keys(p))
      if (!(k in r)) this.add(k === 'nextCursor' ? 'paging' : 'extra field', join(path, k), 'nothing', shapeOf(p[k]))
  }

  private reference(recorded: string, replayed: string, path: string): void {
    const known = this.ids.replayedOf(recorded)
    if (known === undefined) {
      if (this.ids.isTaken(replayed) && recorded !== replayed)
        return this.add('reference', path, recorded, `${replayed}, which stands for another recorded record`)
      return this.ids.enter(recorded, replayed)
    }
    if (known !== replayed) this.add('reference', path, `${recorded} (${known} here)`, replayed)
  }

  private list(recorded: unknown[], replayed: unknown[], path: string): void {
    if (recorded.length !== replayed.length)
      this.add('length', path || '(list)', counted(recorded.length, 'items'), counted(replayed.length, 'items'))
    this.order(recorded, replayed, path)
    const shared = Math.min(recorded.length, replayed.length)
    for (let i = 0; i < shared; i++) this.walk(recorded[i], replayed[i], join(path, i), '')
  }

  /** Records of a list in another order: a recorded record found at another position than its own. */
  private order(recorded: unknown[], replayed: unknown[], path: string): void {
    const idAt = (list: unknown[], i: number) => {
      const id = (list[i] as { id?: unknown } | null)?.id
      return typeof id === 'string' ? id : undefined
    }
    const positions = new Map<string, number>()
    replayed.forEach((_, i) => {
      const id = idAt(replayed, i)
      if (id !== undefined) positions.set(id, i)
    })
    for (let i = 0; i < recorded.length; i++) {
      const id = idAt(recorded, i)
      const expected = id === undefined ? undefined : this.ids.replayedOf(id)
      const at = expected === undefined ? undefined : positions.get(expected)
      if (at !== undefined && at !== i) return this.add('order', path || '(list)', `${id} at ${i}`, `at ${at}`)
    }
  }
}

export function compareAnswers(recorded: Answer, replayed: Answer, ids: IdMap): Difference[] {
  if (recorded.status !== replayed.status)
    return [{ kind: 'status', field: '(status)', recorded: String(recorded.status), replayed: String(replayed.status) }]
  const isError = recorded.status >= 400
  const a = parseJson(recorded.text)
  const b = parseJson(replayed.text)
  if (a === undefined || b === undefined) {
    if ((a === undefined) === (b === undefined)) return []
    const kind = isError ? 'error form' : 'body'
    const form = (value: unknown) => (value === undefined ? 'not JSON' : 'JSON')
    return [{ kind, field: '(body)', recorded: form(a), replayed: form(b) }]
  }
  const comparison = new Comparison(ids, isError)
  comparison.walk(a, b, '', '')
  if (isError) errorForm(comparison, a, b)
  return comparison.differences
}

function errorForm(comparison: Comparison, recorded: unknown, replayed: unknown): void {
  const error = (v: unknown) => (v as { error?: unknown } | null)?.error
  const [a, b] = [error(recorded), error(replayed)]
  if (typeof a === 'string' && typeof b === 'string' && FIELD_MESSAGE.test(a) !== FIELD_MESSAGE.test(b))
    comparison.add('error form', 'error', describeForm(a), describeForm(b))
  const fields = (v: unknown) =>
    ((v as { errors?: unknown } | null)?.errors as { field?: unknown }[] | undefined)?.map((e) => String(e?.field))
  const [fa, fb] = [fields(recorded), fields(replayed)]
  if (fa && fb && fa.join(',') !== fb.join(','))
    comparison.add('error form', 'errors', `fields ${fa.join(', ')}`, `fields ${fb.join(', ')}`)
}

const describeForm = (error: string) =>
  FIELD_MESSAGE.test(error) ? `"<field>: <message>" (${error.split(':')[0]})` : 'plain words'
