import { createCollections, type CollectionName } from './collections.js'
import { checkRow, type JournalOp } from './db-file.js'

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
 * Appends one transaction as a journal line, `{"seq":<seq>,"ops":[…]}` and a newline, op by op,
 * so no string of the whole line is made. Each op is JSON.stringify's text of it, but for a row
 * whose `data` object an earlier row of the line holds too (an event and its `:product` variant,
 * or the events of one renewal, carry the same payload): its `data` is written as 0 and the op
 * names that row,
 * `{"c":…,"put":{…,"data":0,…},"dataFrom":<index of the op>}`, so the payload is on disk once.
 */
export function appendJournalLine(out: { append(text: string): void }, seq: number, ops: readonly JournalOp[]): void {
  out.append(`{"seq":${seq},"ops":[`)
  const opWithData = new Map<object, number>()
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]
    const head = `${i === 0 ? '' : ','}{"c":${JSON.stringify(op.c)},`
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
 * One journal line as a transaction, or the reason it is not a whole, valid one. Every row is
 * checked against the db schema, as the db file's rows are.
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
    } else if (typeof op.del !== 'string') return `ops[${i}]: neither a put nor a delete`
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
