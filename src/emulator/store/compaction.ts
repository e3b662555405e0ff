import { dirname } from 'node:path'
import type { DbFile } from './db-file.js'
import type { DurableJsonFile } from './durable-json-file.js'
import type { JournalIO } from './journal-io.js'

/**
 * Folds a rotated journal into the db file. `rows` is the store's state at the rotation — the
 * arrays of row references taken synchronously when the journal was moved aside (rows are never
 * changed in place, so later writes do not touch them) — so this is the state the db file plus
 * `.journal.old` describe. It is streamed to a temporary file in chunks, letting requests be
 * served between them, fsynced, renamed over the db file, the folder fsynced, and only then is
 * `.journal.old` removed. A crash at any moment leaves either the old db file plus the journal,
 * or the new db file (replaying the journal over it again is harmless, every line being
 * whole-record puts and deletes). Nothing is parsed back and the whole text never exists at once.
 */
export async function foldIntoDbFile(
  file: DurableJsonFile,
  rows: DbFile,
  io: JournalIO,
  oldJournalPath: string,
): Promise<void> {
  await file.write(rows, { mustExist: true, whileServing: true })
  await io.unlink(oldJournalPath)
  await io.syncFolder?.(dirname(file.path))
}
