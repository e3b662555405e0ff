import { open, type FileHandle } from 'node:fs/promises'
import { StoreError } from '../../spec/errors.js'
import type { AnyCollection, CollectionName, Collections } from './collections.js'
import type { Row } from './collection.js'
import { checkRow, type PatchOp } from './db-file.js'
import { parseJournalHeader, parseJournalLine, patchedRow, type JournalHeader } from './journal-format.js'
import type { JournalIO } from './journal-io.js'
import { forEachLine } from './line-reader.js'
import type { FulfilmentRecord } from './records.js'
import { upgradeFulfilmentRow } from './serial-pool.js'

/** Rows stored in a form an earlier version wrote, brought to today's form as they are loaded. */
const UPGRADES: Partial<Record<string, (c: Collections, row: never) => unknown>> = {
  fulfilments: (c, row: FulfilmentRecord) => upgradeFulfilmentRow(c, row),
}

/** `plan` of a journal without a header line: its lines are read as an earlier version wrote them. */
export const LEGACY = 'legacy'

/** A journal that cannot be replayed: what is wrong with it, and what to do. */
export function journalRefused(path: string, problem: string, dbPath: string): StoreError {
  return new StoreError(
    500,
    `journal ${path} ${problem}. The db was not loaded and no file was changed. Restore the journal (and the db file it belongs to) from a backup, or move it aside to start from ${dbPath} alone, losing the changes it holds.`,
  )
}

/** Stores a row as loaded (from the db file or a journal), brought to today's form. */
export function storeRow(collections: Collections, name: string, row: Row): void {
  const collection = (collections as unknown as Record<string, AnyCollection>)[name]
  const upgrade = UPGRADES[name]
  collection.set(upgrade ? (upgrade(collections, row as never) as Row) : row)
}

/**
 * Decides, from a journal's header (undefined: its first line is not one, or it has no complete
 * line), how it is replayed: the lines after which transaction are applied (those up to it are
 * checked and skipped, the db file holds them already), or LEGACY. Throws to refuse it.
 */
export type Plan = (header: JournalHeader | undefined, isEmpty: boolean) => number | typeof LEGACY

export interface Replayed {
  header?: JournalHeader
  legacy: boolean
  /** What `plan` decided: lines of later transactions were applied. */
  applyAbove: number
  /** The newest transaction in it (the header's `after` when it has no line). */
  last: number
  /** Bytes of its complete lines. */
  bytes: number
  /** Bytes of the torn line after them. */
  tail: number
}

/**
 * Applies a journal's complete lines, read in chunks, as `plan` decides. The piece after the last
 * newline is a torn append that was never acknowledged (a crash mid-write): it is left out. A
 * corrupt complete line, or one out of sequence, refuses the start, since the lines after it may
 * hold acknowledged writes. Undefined when there is no such journal.
 */
export async function replayJournal(
  path: string,
  plan: Plan,
  into: { collections: Collections; dbPath: string },
): Promise<Replayed | undefined> {
  const cannotRead = (error: unknown) =>
    new StoreError(
      500,
      `journal ${path} cannot be read (${(error as Error).message}); the db was not loaded and no file was changed. Check its permissions.`,
    )
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw cannotRead(error)
  }
  const replayed: Replayed = { legacy: false, applyAbove: 0, last: 0, bytes: 0, tail: 0 }
  let lineNumber = 0
  const corrupt = (problem: string) =>
    new StoreError(
      500,
      `journal ${path} line ${lineNumber} is corrupt: ${problem}. The db was not loaded and no file was changed. Repair or delete that line, or move the journal aside to start from ${into.dbPath} alone (losing the changes it holds).`,
    )
  const start = (header: JournalHeader | undefined, isEmpty: boolean) => {
    const planned = plan(header, isEmpty)
    if (planned === LEGACY) replayed.legacy = true
    else {
      replayed.header = header
      replayed.last = header!.after
      replayed.applyAbove = planned
    }
  }
  try {
    const read = await forEachLine(handle, (line) => {
      const text = line.toString('utf8', 0, line.length - 1)
      if (++lineNumber === 1) {
        const header = parseJournalHeader(text)
        start(header, false)
        if (header) return true
      }
      const entry = parseJournalLine(text)
      if (typeof entry === 'string') throw corrupt(entry)
      if (!replayed.legacy) {
        if (entry.seq === undefined) throw corrupt('it has no sequence number ("seq")')
        const expected = replayed.last + 1
        if (entry.seq !== expected) {
          throw journalRefused(
            path,
            `line ${lineNumber} holds transaction ${entry.seq} where transaction ${expected} was expected: ${
              entry.seq < expected
                ? 'lines were duplicated or reordered'
                : `transaction${entry.seq - expected > 1 ? `s ${expected} to ${entry.seq - 1} are` : ` ${expected} is`} missing or out of order`
            }`,
            into.dbPath,
          )
        }
        replayed.last = entry.seq
        if (entry.seq <= replayed.applyAbove) return true
      }
      const collections = into.collections as unknown as Record<string, AnyCollection>
      for (let i = 0; i < entry.ops.length; i++) {
        const op = entry.ops[i]
        if ('put' in op) storeRow(into.collections, op.c, op.put)
        else if ('set' in op) {
          const row = patchOf(collections[op.c], op)
          if (typeof row === 'string') throw corrupt(`ops[${i}]: ${row}`)
          storeRow(into.collections, op.c, row)
        } else collections[op.c].delete(op.del)
      }
      return true
    })
    if (lineNumber === 0) start(undefined, read.tail.length === 0)
    replayed.bytes = read.bytes
    replayed.tail = read.tail.length
  } catch (error) {
    if (error instanceof StoreError) throw error
    throw cannotRead(error)
  } finally {
    await handle.close()
  }
  return replayed
}

/**
 * The row a patch makes of the row it changes, checked as whole rows are, or what is wrong: the
 * row does not exist (the journal does not follow the rows it was written against), or the patch
 * does not fit it.
 */
function patchOf(collection: AnyCollection, op: PatchOp): Row | string {
  const current = collection.get(op.set)
  if (!current) return `it changes ${op.c} row ${JSON.stringify(op.set)}, which does not exist`
  const row = patchedRow(current, op)
  const problem =
    typeof row === 'string'
      ? row
      : collection.keyOf(row) !== op.set
        ? `its fields move the row to key ${JSON.stringify(collection.keyOf(row))}`
        : checkRow(op.c as CollectionName, row)
  return problem === undefined ? row : `${op.c} row ${JSON.stringify(op.set)} as changed: ${problem}`
}

/** Cuts the torn line off the end of the journal, so the next append starts a line of its own. */
export async function cutTornLine(path: string, bytes: number, io: JournalIO): Promise<void> {
  const file = await io.openForAppend(path)
  try {
    await file.truncate(bytes)
    await file.sync()
  } finally {
    await file.close()
  }
}

/** Says, in the log, that a torn last line was left out. */
export function logTornLine(path: string, replayed: Replayed, log?: (line: string) => void): void {
  if (replayed.tail > 0)
    log?.(`journal ${path}: ignored a torn last line (${replayed.tail} bytes) left by an interrupted write`)
}
