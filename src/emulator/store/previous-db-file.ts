import type { BigIntStats } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'

/** Which file on disk: a file replaced, edited or truncated since has another identity. */
export interface FileIdentity {
  dev: bigint
  ino: bigint
  size: bigint
  mtimeNs: bigint
}

export const identityOf = (stats: BigIntStats): FileIdentity => ({
  dev: stats.dev,
  ino: stats.ino,
  size: stats.size,
  mtimeNs: stats.mtimeNs,
})

const isSameFile = (a: FileIdentity, b: FileIdentity) =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs

/** The rows of one collection in a db file, in line order, and where their lines start. */
export interface CollectionLines {
  rows: readonly unknown[]
  /** `starts[i]`: byte offset of row i's line; `starts[rows.length]`: of the `],` line closing the collection. */
  starts: Float64Array
}

/**
 * A db file as last read or written: the row objects of each collection and the offsets of their
 * lines. A row that is the same object in a later write has the same JSON text (rows are never
 * changed in place, JSON.stringify is deterministic), so its line can be copied from this file
 * instead of serialised again. The row arrays must not be changed once handed over.
 */
export interface DbFileLines {
  identity: FileIdentity
  collections: Map<string, CollectionLines>
}

/** The previous file cannot serve the copy (changed under us, unreadable): the write starts again, serialising every row. */
export class PreviousFileUnusable extends Error {}

const NEWLINE = 0x0a
const COMMA = 0x2c
const OPEN_BRACE = 0x7b
/** Read in blocks of this size, mostly in order. */
const WINDOW_BYTES = 1024 * 1024

/**
 * Reads the lines of rows out of the previous db file for a write: opened only when it is still
 * the file remembered (same device, inode, size and modification time), read in large blocks,
 * and each copied run checked to sit on line boundaries where the remembered offsets say.
 */
export class PreviousDbFile {
  private window = Buffer.allocUnsafe(WINDOW_BYTES)
  private windowStart = 0
  private windowEnd = 0

  private constructor(
    private readonly handle: FileHandle,
    private readonly lines: DbFileLines,
  ) {}

  /** The previous file, or undefined when it is gone or is no longer the file `lines` describe. */
  static async open(path: string, lines: DbFileLines): Promise<PreviousDbFile | undefined> {
    let handle: FileHandle | undefined
    try {
      handle = await open(path, 'r')
      if (isSameFile(identityOf(await handle.stat({ bigint: true })), lines.identity))
        return new PreviousDbFile(handle, lines)
    } catch {
      // Unreadable: every row is serialised.
    }
    await handle?.close().catch(() => undefined)
    return undefined
  }

  /** The runs of rows of collection `name` this file holds (undefined when it holds none of them). */
  runsOf(name: string): RowRuns | undefined {
    const lines = this.lines.collections.get(name)
    return lines && lines.rows.length > 0 ? new RowRuns(lines) : undefined
  }

  /**
   * Hands `emit` the text of the run's rows as one stretch of bytes: their lines, without the
   * last one's `,` and newline. Throws PreviousFileUnusable when the file does not hold lines of
   * rows where remembered.
   */
  async copyRows({ lines, from, count }: RowRun, emit: (bytes: Buffer) => Promise<void>): Promise<void> {
    const { starts } = lines
    const start = starts[from]
    const lineEnd = starts[from + count]
    const isLastRow = from + count === lines.rows.length
    const end = lineEnd - (isLastRow ? 1 : 2)
    if (!(start >= 1 && end > start && lineEnd <= Number(this.lines.identity.size)))
      throw new PreviousFileUnusable('remembered offsets lie outside the file')
    let next = from
    for (let at = start; at < end; ) {
      await this.cover(at - 1, at + 1)
      const stop = Math.min(end, this.windowEnd)
      // Every row's line starts after a newline, with `{`.
      for (; next < from + count && starts[next] < stop; next++) {
        const s = starts[next] - this.windowStart
        if (this.window[s - 1] !== NEWLINE || this.window[s] !== OPEN_BRACE)
          throw new PreviousFileUnusable('a row does not start where remembered')
      }
      await emit(this.window.subarray(at - this.windowStart, stop - this.windowStart))
      at = stop
    }
    await this.cover(end, lineEnd)
    const e = end - this.windowStart
    if (isLastRow ? this.window[e] !== NEWLINE : this.window[e] !== COMMA || this.window[e + 1] !== NEWLINE)
      throw new PreviousFileUnusable('a row does not end where remembered')
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined)
  }

  /** Makes the window hold bytes `from` to `to` (exclusive), reading a block from `from` when it does not. */
  private async cover(from: number, to: number): Promise<void> {
    if (from >= this.windowStart && to <= this.windowEnd) return
    const want = Math.max(WINDOW_BYTES, to - from)
    if (want > this.window.length) this.window = Buffer.allocUnsafe(want)
    const length = Math.min(want, Number(this.lines.identity.size) - from)
    this.windowStart = this.windowEnd = 0
    let filled = 0
    try {
      while (filled < length) {
        const { bytesRead } = await this.handle.read(this.window, filled, length - filled, from + filled)
        if (bytesRead === 0) break
        filled += bytesRead
      }
    } catch (error) {
      throw new PreviousFileUnusable(`reading it failed (${(error as Error).message})`)
    }
    this.windowStart = from
    this.windowEnd = from + filled
    if (this.windowEnd < to) throw new PreviousFileUnusable('it is shorter than remembered')
  }
}

/** Rows `from` to `from + count - 1` of a collection in the previous file. */
export interface RowRun {
  lines: CollectionLines
  from: number
  count: number
}

/**
 * Previous rows indexed for a row not found, doubling with each such row in a row up to a cap:
 * a long stretch of deleted rows is crossed in a few steps, and no step takes long.
 */
const FIRST_SCAN_ROWS = 64
const MAX_SCAN_ROWS = 8192

/**
 * Finds, for the rows of a new write taken in order, the runs of them the previous file holds
 * one after the other. Rows mostly come in the previous order (a row replaced keeps its place, new
 * ones are added at the end), so the row after the last run is tried first. Otherwise the
 * previous rows from there on are indexed, some more for each row not found, so a stretch of
 * deleted rows is skipped and a row moved further on is still found, while a collection written
 * in order is never indexed. Missing a row only costs its serialisation.
 */
export class RowRuns {
  private next = 0
  /** Previous rows indexed: those from where the first miss happened to `scanned`. */
  private readonly index = new Map<unknown, number>()
  private scanned = 0
  private scanRows = FIRST_SCAN_ROWS

  constructor(private readonly lines: CollectionLines) {}

  /** The run of the previous file that starts with `rows[i]` and goes on as `rows` does; undefined when it is not found there. */
  runAt(rows: readonly unknown[], i: number): RowRun | undefined {
    const before = this.lines.rows
    const row = rows[i]
    let from = this.next < before.length && before[this.next] === row ? this.next : this.index.get(row)
    if (from === undefined) {
      this.scanned = Math.max(this.scanned, this.next)
      const stop = Math.min(before.length, this.scanned + this.scanRows)
      for (; this.scanned < stop; this.scanned++) {
        this.index.set(before[this.scanned], this.scanned)
        if (before[this.scanned] === row) from = this.scanned
      }
      if (from === undefined) {
        this.scanRows = Math.min(MAX_SCAN_ROWS, this.scanRows * 2)
        return undefined
      }
    }
    this.scanRows = FIRST_SCAN_ROWS
    let count = 1
    while (i + count < rows.length && from + count < before.length && rows[i + count] === before[from + count]) count++
    this.next = from + count
    return { lines: this.lines, from, count }
  }
}
