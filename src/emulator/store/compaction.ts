import { dirname } from 'node:path'
import type { DbFile } from './db-file.js'
import type { DurableJsonFile } from './durable-json-file.js'
import { journalHeaderLine, type DbPosition, type JournalPaths } from './journal-format.js'
import type { JournalFile, JournalIO } from './journal-io.js'
import { reasonOf, type JournalWriter } from './journal-writer.js'

const DEFAULT_COMPACT_AT = 16 * 1024 * 1024
/** Journal bytes per byte of the db file at which a fold starts. */
const JOURNAL_PER_DB_BYTE = 2

export interface CompactionOptions {
  paths: JournalPaths
  io: JournalIO
  /** Journal bytes between two folds; without it, the larger of 16 MB and twice the db file's size. */
  compactAtBytes?: number
  log?: (line: string) => void
}

/**
 * Keeps the journal short: once it passes a threshold it is moved aside (`.journal.old`), a new
 * journal of the next generation takes the appends, and the state at that moment is folded into
 * the db file off the request path. The threshold is the larger of 16 MB and twice the db file's
 * size, so the cost of rewriting the db file stays a fixed share of the writes however large the
 * store grows (about a third of the bytes written), and a start after a crash replays about
 * twice the db file's bytes of journal (more when writes outrun a fold: one runs at a time, and the
 * next starts as soon as it ends).
 */
export class Compactor {
  /** Journal size at which the next rotation (or retry of a failed fold) is tried. */
  private nextRotationAt: number
  private canRotate = true
  /** The fold under way. */
  folding?: Promise<void>

  constructor(
    private readonly file: DurableJsonFile,
    private readonly writer: JournalWriter,
    private readonly options: CompactionOptions,
  ) {
    this.nextRotationAt = this.compactAt
  }

  /** The threshold from the db file's size as loaded. */
  resetThreshold(): void {
    this.nextRotationAt = this.compactAt
  }

  private get compactAt(): number {
    return this.options.compactAtBytes ?? Math.max(DEFAULT_COMPACT_AT, JOURNAL_PER_DB_BYTE * this.file.bytes)
  }

  /** After each batch the journal writer wrote: a rotation once the journal grew past the threshold. */
  readonly afterBatch = (): Promise<void> | undefined =>
    this.writer.size >= this.nextRotationAt && this.canRotate && !this.folding ? this.rotate() : undefined

  /**
   * Moves the journal aside (`.journal.old`), starts a new one and folds the state at that moment
   * into the db file. Never throws: on failure the journal simply keeps growing and the rotation
   * is tried again later. Runs between two batches of the journal writer, so no append happens meanwhile.
   */
  private async rotate(): Promise<void> {
    const { io, paths, log } = this.options
    this.nextRotationAt = this.writer.size + this.compactAt
    try {
      if ((await io.size(paths.oldJournal)) !== undefined) {
        // An earlier fold failed and left its journal: fold it again, with everything since.
        this.startFold(this.writer.rowsOnDisk(), this.writer.position)
        return
      }
      await io.rename(paths.journal, paths.oldJournal)
    } catch (error) {
      log?.(
        `could not rotate ${paths.journal} (${reasonOf(error)}); it keeps growing and rotation is tried again later`,
      )
      return
    }
    // Everything written so far is in .journal.old, and nothing else: the state to fold.
    const rows = this.writer.rowsOnDisk()
    const position = { generation: this.writer.position.generation + 1, seq: this.writer.position.seq }
    const header = journalHeaderLine({ generation: position.generation, after: position.seq })
    let fresh: JournalFile
    try {
      await io.create(paths.journal, header)
      fresh = await io.openForAppend(paths.journal)
    } catch (error) {
      try {
        await io.unlink(paths.journal)
        await io.rename(paths.oldJournal, paths.journal)
      } catch {
        // Appends keep going to the file now named .journal.old (replayed first at start); never fold it.
        this.canRotate = false
      }
      log?.(`could not start a new journal ${paths.journal} (${reasonOf(error)}); compaction waits for the next start`)
      return
    }
    const previous = this.writer.replaceFile(fresh, position.generation, Buffer.byteLength(header))
    this.nextRotationAt = this.compactAt
    await previous?.close().catch(() => undefined)
    this.startFold(rows, position)
  }

  /**
   * Writes `rows` (the state `.journal.old` leads to, at `position`) as the db file, then removes
   * `.journal.old`. The rows are the arrays of row references taken synchronously when the
   * journal was moved aside (rows are never changed in place, so later writes do not touch them).
   * They are streamed to a temporary file in chunks, letting requests be served between them,
   * fsynced, renamed over the db file, the folder fsynced, and only then is `.journal.old`
   * removed. A crash at any moment leaves either the old db file with both journals, or the new
   * one with `.journal.old` whose transactions it already holds (skipped at the next start).
   */
  startFold(rows: DbFile, position: DbPosition): void {
    const { io, paths, log } = this.options
    this.folding = (async () => {
      await this.file.write(rows, { position, mustExist: true, whileServing: true })
      await io.unlink(paths.oldJournal)
      await io.syncFolder?.(dirname(this.file.path))
    })()
      .then(() => {
        // The threshold follows the db file's new size.
        if (this.options.compactAtBytes === undefined)
          this.nextRotationAt = Math.max(this.nextRotationAt, this.compactAt)
      })
      .catch((error: Error) => {
        this.nextRotationAt = this.writer.size + this.compactAt
        log?.(
          `compaction of ${paths.oldJournal} failed (${error.message}); it stays on disk and is replayed at the next start`,
        )
      })
      .finally(() => {
        this.folding = undefined
        // Writes went on while it folded: the journal may be due for the next fold already.
        this.writer.runAfterBatchWhenIdle()
      })
  }
}
