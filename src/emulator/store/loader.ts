import { StoreError } from '../../spec/errors.js'
import type { Collections } from './collections.js'
import type { Row } from './collection.js'
import { checkDbFile, type DbFile } from './db-file.js'
import { NEW_DB_POSITION, type DurableJsonFile, type ReadDbFile } from './durable-json-file.js'
import { isCount, type DbPosition, type JournalHeader, type JournalPaths } from './journal-format.js'
import type { JournalIO } from './journal-io.js'
import {
  LEGACY,
  cutTornLine,
  journalRefused,
  logTornLine,
  replayJournal,
  storeRow,
  type Plan,
} from './journal-replay.js'
import { rowsOnDisk } from './journal-writer.js'
import { StringPool } from './string-pool.js'
import { removeTemporaryFiles } from './temporary-files.js'

export interface LoadOptions {
  file: DurableJsonFile
  paths: JournalPaths
  io: JournalIO
  collections: Collections
  /** Fills a new db; runs only when the db file does not exist yet. */
  initialise(): void
  log?: (line: string) => void
}

export interface Loaded {
  /** The journal to append to: its generation and its newest transaction. */
  position: DbPosition
  /** `.journal` goes on as it is; otherwise a new one is started at `position`. */
  hasJournal: boolean
  /** `.journal.old` was not folded yet: the state it leads to, to fold into the db file. */
  fold?: { rows: DbFile; position: DbPosition }
}

/** Collections a db file written before the position was recorded may lack: that version did not have them. */
const ADDED_LATER = new Set(['serials', 'deliveredCodes'])

/** `plan` of a journal the db file was folded from: its lines are checked, none applied. */
const FOLDED = Number.POSITIVE_INFINITY

/**
 * Reads a db file and replays its journals into `collections`, refusing — with a StoreError
 * naming the file, the problem and what to do, and without changing any file — what cannot be
 * trusted: an unreadable or invalid db file, one missing a collection, a corrupt journal line,
 * and journal lines lost, duplicated or out of order (each line's sequence number follows the one
 * before, from the transaction the journal's header says it continues; the header's generation
 * and that transaction must match the db file's). A db file without a position (written by an
 * earlier version) counts as generation 0 at transaction 0; its unnumbered journals are replayed
 * and folded into it at once, so every journal written from then on is numbered.
 */
export async function loadDb(o: LoadOptions): Promise<Loaded> {
  const { file, paths } = o
  await removeTemporaryFiles(file.path)
  let read: ReadDbFile | null
  try {
    read = await file.load()
  } catch (error) {
    throw dbRefused(
      file.path,
      error instanceof SyntaxError
        ? `it is not valid JSON (${error.message.replace(/\s+/g, ' ')})`
        : `it cannot be read (${(error as Error).message})`,
    )
  }
  if (read === null) return createDb(o)

  const position = takePosition(read.data)
  // A file the store wrote itself (its checksum matches) holds rows validated when they were
  // stored: only its structure is checked. Any other file has every row checked.
  const problem =
    checkDbFile(read.data, { rows: !read.trusted }) ??
    (typeof position === 'string' ? position : missingCollection(o.collections, read.data as DbFile, !position))
  if (problem) throw dbRefused(file.path, problem)
  fillCollections(o.collections, read.data as DbFile)
  const db = (position as DbPosition | undefined) ?? { generation: 0, seq: 0 }
  const isLegacy = position === undefined
  const replay = (path: string, plan: Plan) =>
    replayJournal(path, plan, { collections: o.collections, dbPath: file.path })

  // .journal.old: a fold interrupted before its end (its generation is the db file's), or done
  // but not yet removed (the db file is the next generation and holds every line of it).
  const old = await replay(paths.oldJournal, (header, isEmpty) => {
    if (!header) {
      if (isLegacy) return LEGACY
      throw noHeader(paths.oldJournal, isEmpty, file.path)
    }
    if (header.generation === db.generation - 1) return FOLDED
    const refusal = unlessContinues(paths.oldJournal, header, { ...db, fromPath: file.path }, file.path)
    if (refusal) throw refusal
    return header.after
  })
  const isOldFolded = old?.applyAbove === FOLDED
  if (old?.header && isOldFolded && old.last > db.seq) {
    throw journalRefused(
      paths.oldJournal,
      `holds transactions up to ${old.last}, but ${file.path} was folded from it and holds only up to ${db.seq}: the two do not belong together`,
      file.path,
    )
  }
  let next = db
  let fold: Loaded['fold']
  if (old?.header && !isOldFolded) {
    next = { generation: db.generation + 1, seq: old.last }
    fold = { rows: rowsOnDisk(o.collections, []), position: next }
  }

  const current = await replay(paths.journal, (header, isEmpty) => {
    if (!header) {
      if (isLegacy && !old?.header) return LEGACY
      throw noHeader(paths.journal, isEmpty, file.path)
    }
    const refusal = old?.legacy
      ? journalRefused(
          paths.journal,
          `is numbered, but ${paths.oldJournal} before it is not: they are not a pair`,
          file.path,
        )
      : unlessContinues(paths.journal, header, { ...next, fromPath: fold ? paths.oldJournal : file.path }, file.path, {
          orEarlier: true,
        })
    if (refusal) throw refusal
    return next.seq
  })
  if (current?.header && current.last < next.seq) {
    throw journalRefused(
      paths.journal,
      `ends at transaction ${current.last}, but ${fold ? paths.oldJournal : file.path} already holds transactions up to ${next.seq}: lines at its end are missing`,
      file.path,
    )
  }
  if (!current && isOldFolded) {
    throw new StoreError(
      500,
      `journal ${paths.journal} is missing: ${file.path} was folded from ${paths.oldJournal} while ${paths.journal} took the changes after it, and those are lost. The db was not loaded and no file was changed. Restore ${paths.journal} from a backup, or delete ${paths.oldJournal} to start from ${file.path} alone.`,
    )
  }

  // Every check passed: only now are files changed.
  if (old) logTornLine(paths.oldJournal, old, o.log)
  if (current) logTornLine(paths.journal, current, o.log)
  if (old?.legacy || current?.legacy) {
    // Unnumbered journals of an earlier version: folded into the db file now, so none is appended to.
    await file.write(rowsOnDisk(o.collections, []), { position: NEW_DB_POSITION })
    await o.io.unlink(paths.oldJournal)
    await o.io.unlink(paths.journal)
    return { position: NEW_DB_POSITION, hasJournal: false }
  }
  if (current && current.tail > 0) await cutTornLine(paths.journal, current.bytes, o.io)
  if (isOldFolded) await o.io.unlink(paths.oldJournal)
  return current?.header
    ? { position: { generation: current.header.generation, seq: current.last }, hasJournal: true, fold }
    : { position: next, hasJournal: false, fold }
}

async function createDb(o: LoadOptions): Promise<Loaded> {
  const path = o.file.path
  for (const journal of [o.paths.journal, o.paths.oldJournal]) {
    if ((await o.io.size(journal)) !== undefined) {
      throw new StoreError(
        500,
        `db file ${path} is missing but its journal ${journal} exists. Restore the db file, or move the journal aside to start anew.`,
      )
    }
  }
  try {
    o.initialise()
  } catch (error) {
    throw new StoreError(
      500,
      `db file ${path} was not created: filling it failed (${(error as Error).message}). Nothing was written.`,
    )
  }
  await o.file.write(rowsOnDisk(o.collections, []), { position: NEW_DB_POSITION })
  return { position: NEW_DB_POSITION, hasJournal: false }
}

function dbRefused(path: string, problem: string): StoreError {
  return new StoreError(
    500,
    `db file ${path} was refused: ${problem}. It was left untouched; fix it or start with another --db.`,
  )
}

function noHeader(path: string, isEmpty: boolean, dbPath: string): StoreError {
  return journalRefused(
    path,
    `${isEmpty ? 'is empty' : 'does not begin with its header line'}, but every journal this store writes starts with one: it was truncated or overwritten, and the changes it held are lost`,
    dbPath,
  )
}

/**
 * The refusal of a journal whose header does not continue `from` (where the file `fromPath`, the
 * db file or the journal before it, leaves off); undefined when it does. `orEarlier`: it may also
 * start before `from.seq` (the db file was written from it since, holding some of its lines).
 */
function unlessContinues(
  path: string,
  header: JournalHeader,
  from: DbPosition & { fromPath: string },
  dbPath: string,
  { orEarlier = false } = {},
): StoreError | undefined {
  const notAPair = 'they are not a pair (one of them restored from another time?)'
  if (header.generation !== from.generation) {
    return journalRefused(
      path,
      `is generation ${header.generation}, but what continues ${from.fromPath} is generation ${from.generation}: ${notAPair}`,
      dbPath,
    )
  }
  if (header.after > from.seq) {
    return journalRefused(
      path,
      `continues from transaction ${header.after}, but ${from.fromPath} holds transactions only up to ${from.seq}: transactions ${from.seq + 1} to ${header.after} are missing (is ${from.fromPath} an older copy?)`,
      dbPath,
    )
  }
  if (header.after < from.seq && !orEarlier) {
    return journalRefused(
      path,
      `continues from transaction ${header.after}, but ${from.fromPath} already holds transactions up to ${from.seq}: ${notAPair}`,
      dbPath,
    )
  }
  return undefined
}

/** The db file's position, taken out of its content; undefined for a file written before it was recorded. */
function takePosition(data: unknown): DbPosition | string | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined
  const fields = data as Record<string, unknown>
  const { generation, seq } = fields
  delete fields.generation
  delete fields.seq
  if (generation === undefined && seq === undefined) return undefined
  if (!isCount(generation)) return `"generation" is ${JSON.stringify(generation)}, expected a whole number`
  if (!isCount(seq)) return `"seq" is ${JSON.stringify(seq)}, expected a whole number`
  return { generation, seq }
}

function missingCollection(collections: Collections, data: DbFile, isLegacy: boolean): string | undefined {
  for (const name of Object.keys(collections)) {
    if (Object.hasOwn(data, name) || (isLegacy && ADDED_LATER.has(name))) continue
    return `collection "${name}" is missing (the store writes every collection, empty ones too), so rows may have been lost`
  }
  return undefined
}

function fillCollections(collections: Collections, data: DbFile): void {
  for (const [name, rows] of Object.entries(data)) {
    if (name === 'version') continue
    const strings = new StringPool()
    for (const row of rows as Row[]) {
      strings.share(row as unknown as Record<string, unknown>)
      storeRow(collections, name, row)
    }
  }
}
