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
 * Appends one transaction as a journal line, `{"seq":<seq>,"ops":<JSON.stringify(ops)>}` and a
 * newline, op by op, so no string of the whole line is made. A `data` object that several rows of
 * the transaction share (an event and its `:product` variant carry the same payload) is
 * serialised once; the text is the same as JSON.stringify's.
 */
export function appendJournalLine(out: { append(text: string): void }, seq: number, ops: readonly JournalOp[]): void {
  out.append(`{"seq":${seq},"ops":[`)
  const shared = new Map<object, string>()
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]
    const head = i === 0 ? '{"c":' : ',{"c":'
    if ('put' in op) out.append(`${head}${JSON.stringify(op.c)},"put":${rowJson(op.put, shared)}}`)
    else out.append(`${head}${JSON.stringify(op.c)},"del":${JSON.stringify(op.del)}}`)
  }
  out.append(']}\n')
}

/** Stands for a shared `data` object while the rest of its row is serialised. */
const SHARED_DATA = '"data":"\\u0000shared data\\u0000"'
const SHARED_DATA_MARK = '\u0000shared data\u0000'

/** A row as JSON.stringify writes it, its `data` object serialised once per `shared` map. */
function rowJson(row: object, shared: Map<object, string>): string {
  const data = (row as { data?: unknown }).data
  if (data === null || typeof data !== 'object') return JSON.stringify(row)
  let dataJson = shared.get(data)
  if (dataJson === undefined) shared.set(data, (dataJson = JSON.stringify(data)))
  if (dataJson === undefined) return JSON.stringify(row)
  const text = JSON.stringify({ ...row, data: SHARED_DATA_MARK })
  const at = text.indexOf(SHARED_DATA)
  // The mark is the row's own field only if it is there once (a field of the row could hold the same text).
  if (at !== text.lastIndexOf(SHARED_DATA)) return JSON.stringify(row)
  return `${text.slice(0, at + 7)}${dataJson}${text.slice(at + SHARED_DATA.length)}`
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
      const problem = checkRow(op.c, op.put)
      if (problem) return `ops[${i}]: ${op.c} row ${problem}`
    } else if (typeof op.del !== 'string') return `ops[${i}]: neither a put nor a delete`
  }
  return { seq: seq as number | undefined, ops: ops as JournalOp[] }
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
