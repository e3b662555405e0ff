import type { Row } from './collection.js'
import { createCollections, type CollectionName } from './collections.js'
import { checkRow, type JournalOp, type PatchOp } from './db-file.js'

/**
 * Where the db file and its journal stand. Every transaction written to the journal has a
 * sequence number, one more than the one before; `seq` is the last one the db file holds.
 * `generation` names the journal that continues the db file: a db file and the journal that
 * follows it share it, and each rotation of the journal starts the next one.
 */
export interface DbPosition {
  generation: number
  seq: number
}

/** The first line of every journal: the generation it belongs to and the transaction it follows. */
export interface JournalHeader {
  generation: number
  after: number
}

export interface JournalEntry {
  /** Absent only in journals written before lines were numbered. */
  seq?: number
  ops: JournalOp[]
}

const COLLECTIONS = new Set(Object.keys(createCollections()))
const isCollection = (name: string): name is CollectionName => COLLECTIONS.has(name)

export const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Absent, or an array of field names. */
const isNames = (value: unknown): boolean =>
  value === undefined || (Array.isArray(value) && value.every((name) => typeof name === 'string'))

export function journalHeaderLine({ generation, after }: JournalHeader): string {
  return `{"journal":1,"generation":${generation},"after":${after}}\n`
}

/** The header of a journal from its first line, or undefined when that line is not one. */
export function parseJournalHeader(line: string): JournalHeader | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(line)
  } catch {
    return undefined
  }
  const { journal, generation, after } = (parsed ?? {}) as Record<string, unknown>
  if (journal !== 1 || !isCount(generation) || !isCount(after)) return undefined
  return { generation, after }
}

/**
 * How the journal writes `row` replacing `before`, the row its key held before the transaction
 * (a put's `replaces`): when fewer than half of its fields changed, only those,
 * `{"c":…,"set":<key>,"fields":{<name>:<new value>,…},"unset":[<names of removed fields>]}`
 * (no `"unset"` when none was removed), else the whole row, `{"c":…,"put":{…}}`. A field changed
 * when its value is not the same (`!==`): rows are replaced by spreading (`{ ...row, x }`), which
 * keeps an unchanged nested object the same object, so a nested object that changed is written
 * whole. A field whose value is undefined counts as absent, as JSON writes it. Replay makes
 * `{ ...current, ...fields }` without the unset fields (`patchedRow`): existing fields keep their
 * place and new ones come last, so a row whose fields are in another order is written whole, and
 * the rows replayed have their fields in the order memory has them.
 */
export function replacementOp(c: string, key: string, before: Row, row: Row): JournalOp {
  const old = before as unknown as Record<string, unknown>
  const next = row as unknown as Record<string, unknown>
  const oldNames = Object.keys(old)
  const patch = samePlaces(old, next, oldNames) ?? movedPlaces(old, next, oldNames)
  if (!patch || 2 * patch.changed >= patch.present) return { c, put: row }
  return patch.unset ? { c, set: key, fields: patch.fields, unset: patch.unset } : { c, set: key, fields: patch.fields }
}

interface Patch {
  fields: Record<string, unknown>
  unset?: string[]
  /** Fields set or unset, and fields the new row has. */
  changed: number
  present: number
}

/**
 * The patch between rows with the same field names in the same order, the common case (`{ ...row, x }`
 * of a field it has); undefined when they are not, or a field comes back (it would be replayed last).
 */
function samePlaces(
  old: Record<string, unknown>,
  next: Record<string, unknown>,
  oldNames: string[],
): Patch | undefined {
  const patch: Patch = { fields: {}, changed: 0, present: 0 }
  let i = 0
  for (const name in next) {
    if (name !== oldNames[i++]) return undefined
    const value = next[name]
    const was = old[name]
    if (value !== undefined) patch.present++
    if (value === was) continue
    if (was === undefined) return undefined
    patch.changed++
    if (value === undefined) (patch.unset ??= []).push(name)
    else patch.fields[name] = value
  }
  return i === oldNames.length ? patch : undefined
}

/**
 * The patch between rows whose fields differ: fields of `old` that `next` lacks are unset, new
 * ones must come after every kept one; undefined when `next` has its fields in another order.
 */
function movedPlaces(
  old: Record<string, unknown>,
  next: Record<string, unknown>,
  oldNames: string[],
): Patch | undefined {
  const patch: Patch = { fields: {}, changed: 0, present: 0 }
  let o = 0
  let isAdding = false
  for (const name of Object.keys(next)) {
    const value = next[name]
    if (value === undefined) continue
    patch.present++
    const was = Object.hasOwn(old, name) ? old[name] : undefined
    if (was === undefined) {
      isAdding = true
      patch.fields[name] = value
      patch.changed++
      continue
    }
    // A kept field after a new one, or after one of `old`'s that `next` keeps: another order.
    if (isAdding) return undefined
    for (; oldNames[o] !== name; o++) {
      const gone = oldNames[o]
      if (old[gone] === undefined) continue
      if (next[gone] !== undefined) return undefined
      ;(patch.unset ??= []).push(gone)
      patch.changed++
    }
    o++
    if (value !== was) {
      patch.fields[name] = value
      patch.changed++
    }
  }
  for (; o < oldNames.length; o++) {
    if (old[oldNames[o]] === undefined) continue
    ;(patch.unset ??= []).push(oldNames[o])
    patch.changed++
  }
  return patch
}

/** The row a patch (`replacementOp`) makes of `current`, or what is wrong with the patch. */
export function patchedRow(current: Row, op: PatchOp): Row | string {
  if (!op.unset) return { ...current, ...op.fields }
  const old = current as unknown as Record<string, unknown>
  const unset = new Set(op.unset)
  for (const name of unset) {
    if (!Object.hasOwn(old, name)) return `"unset" names ${JSON.stringify(name)}, a field the row does not have`
    if (Object.hasOwn(op.fields, name)) return `${JSON.stringify(name)} is both in "fields" and in "unset"`
  }
  const kept = Object.fromEntries(Object.entries(old).filter(([name]) => !unset.has(name)))
  return { ...kept, ...op.fields } as unknown as Row
}

/**
 * Appends one transaction as a journal line, `{"seq":<seq>,"ops":[…]}` and a newline, op by op,
 * so no string of the whole line is made. Each op is JSON.stringify's text of it (a put that
 * replaces a row as `replacementOp` writes it), but for a row whose `data` object an earlier row
 * of the line holds too (an event and its `:product` variant, or the events of one renewal, carry
 * the same payload): its `data` is written as 0 and the op names that row,
 * `{"c":…,"put":{…,"data":0,…},"dataFrom":<index of the op>}`, so the payload is on disk once.
 */
export function appendJournalLine(out: { append(text: string): void }, seq: number, ops: readonly JournalOp[]): void {
  out.append(`{"seq":${seq},"ops":[`)
  const opWithData = new Map<object, number>()
  for (let i = 0; i < ops.length; i++) {
    const queued = ops[i]
    const op =
      'replaces' in queued && queued.replaces
        ? replacementOp(queued.c, queued.key!, queued.replaces, queued.put)
        : queued
    const head = `${i === 0 ? '' : ','}{"c":${JSON.stringify(op.c)},`
    if ('set' in op) {
      const unset = op.unset ? `,"unset":${JSON.stringify(op.unset)}` : ''
      out.append(`${head}"set":${JSON.stringify(op.set)},"fields":${JSON.stringify(op.fields)}${unset}}`)
      continue
    }
    if (!('put' in op)) {
      out.append(`${head}"del":${JSON.stringify(op.del)}}`)
      continue
    }
    const data = (op.put as { data?: unknown }).data
    const from = isObject(data) ? opWithData.get(data) : undefined
    if (from !== undefined) {
      out.append(`${head}"put":${JSON.stringify({ ...op.put, data: 0 })},"dataFrom":${from}}`)
      continue
    }
    if (isObject(data)) opWithData.set(data, i)
    out.append(`${head}"put":${JSON.stringify(op.put)}}`)
  }
  out.append(']}\n')
}

/**
 * One journal line as a transaction, or the reason it is not a whole, valid one. Every whole row
 * is checked against the db schema, as the db file's rows are; a patch is checked for its shape
 * here, and the row it makes when it is applied to the row it changes (journal-replay.ts).
 */
export function parseJournalLine(line: string): JournalEntry | string {
  let entry: unknown
  try {
    entry = JSON.parse(line)
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`
  }
  const { seq, ops } = (entry ?? {}) as Record<string, unknown>
  if (!Array.isArray(ops)) return 'not a journal entry ({"seq": …, "ops": […]})'
  if (seq !== undefined && (!isCount(seq) || seq === 0)) return `"seq" is ${JSON.stringify(seq)}, expected a number ≥ 1`
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as Record<string, unknown>
    if (typeof op?.c !== 'string' || !isCollection(op.c))
      return `ops[${i}]: unknown collection ${JSON.stringify(op?.c)}`
    if ('put' in op) {
      if (op.dataFrom !== undefined) {
        const data = sharedData(ops, op.dataFrom, i)
        if (data === undefined || !isObject(op.put))
          return `ops[${i}]: "dataFrom" is ${JSON.stringify(op.dataFrom)}, expected the index of an earlier row with a data object`
        op.put.data = data
      }
      const problem = checkRow(op.c, op.put)
      if (problem) return `ops[${i}]: ${op.c} row ${problem}`
    } else if ('set' in op) {
      if (typeof op.set !== 'string' || !isObject(op.fields) || !isNames(op.unset))
        return `ops[${i}]: a changed row needs "set" (its key), a "fields" object and, optionally, "unset" (an array of field names)`
    } else if (typeof op.del !== 'string') return `ops[${i}]: neither a put, a changed row nor a delete`
  }
  return { seq: seq as number | undefined, ops: ops as JournalOp[] }
}

/** The `data` object of the row put by `ops[from]`, when that is an op before `ops[at]`. */
function sharedData(ops: unknown[], from: unknown, at: number): Record<string, unknown> | undefined {
  if (!isCount(from) || from >= at) return undefined
  const put = (ops[from] as { put?: unknown } | null)?.put
  return isObject(put) && isObject(put.data) ? put.data : undefined
}

/** The journal beside a db file, and where it is moved while it is folded into the db file. */
export interface JournalPaths {
  journal: string
  oldJournal: string
}

export const journalPathsOf = (dbPath: string): JournalPaths => ({
  journal: `${dbPath}.journal`,
  oldJournal: `${dbPath}.journal.old`,
})
