import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { open, readFile, rename, stat, unlink, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DbFile } from './db-file.js'
import { syncFolder } from './journal-io.js'
import type { DbPosition } from './journal-format.js'
import { forEachLine } from './line-reader.js'
import {
  PreviousDbFile,
  PreviousFileUnusable,
  identityOf,
  type CollectionLines,
  type DbFileLines,
  type FileIdentity,
} from './previous-db-file.js'
import { temporaryPathBeside } from './temporary-files.js'

/**
 * The db file: one JSON document `{ "version": 1, "generation": …, "seq": …, "<collection>": [rows…] }`,
 * written by the store one row per line and closed by a checksum:
 *
 * ```
 * {"version":1,"generation":3,"seq":1042,
 * "products":[
 * {"id":"prod_…",…},
 * {"id":"prod_…",…}
 * ],
 * "checksum":"<sha-256 of a line naming the format and the package version, then of every line above>"}
 * ```
 *
 * It stays one plain JSON document (any JSON tool reads it), but the store can write it from the
 * rows in memory in chunks and read it back line by line, without ever holding the whole text.
 * A file whose checksum matches was written by this version of the store from rows it had
 * validated already, so its rows are not validated again at load; any other file (edited by
 * hand, written by another tool or version) is parsed as plain JSON and every row is checked.
 * A file written before the position (`generation`, `seq`) was recorded has `{"version":1,` alone
 * on its first line.
 */
const HEAD_START = Buffer.from('{"version":1,')
const HEAD = /^\{"version":1,(?:"generation":(\d{1,15}),"seq":(\d{1,15}),)?\n$/
const COLLECTION = /^"([A-Za-z0-9_]+)":\[\n$/
const TRAILER = /^"checksum":"([0-9a-f]{64})"\}\n$/
const CLOSE = 0x5d // ]
const COMMA = 0x2c
const NEWLINE = 0x0a
/** Text serialised between two writes: smaller while serving, so each turn of the event loop stays short. */
const CHUNK_BYTES = 1024 * 1024
const SERVING_CHUNK_BYTES = 64 * 1024
/**
 * While serving, the temporary file is also synced every few MB: flushing a large file in one
 * fsync at the end would hold up the journal's fdatasyncs (every acknowledged write) behind it.
 */
const SERVING_SYNC_BYTES = 4 * 1024 * 1024

let trustKey: string | undefined
/** Keys the checksum to the format and the package version: rows written by another version are validated again. */
function checksumKey(): string {
  if (trustKey === undefined) {
    let version = 'unknown'
    try {
      version =
        (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string })
          .version ?? version
    } catch {
      /* not in its package: every file is checked in full */
    }
    trustKey = `store db file, one row per line, v1; package ${version}\n`
  }
  return trustKey
}

export interface ReadDbFile {
  /** The parsed file: any JSON value (checkDbFile says whether it is a db), its position included. */
  data: unknown
  /** The checksum matched: the rows were validated when they were written. */
  trusted: boolean
}

/** The position of a db file no journal follows yet. */
export const NEW_DB_POSITION: DbPosition = { generation: 1, seq: 0 }

export interface WriteDbFileOptions {
  /** Where the db file stands (NEW_DB_POSITION unless given). */
  position?: DbPosition
  /** Refuse to replace a db file that is no longer there (compaction; close writes it regardless). */
  mustExist?: boolean
  /**
   * Written while requests are served (compaction): smaller chunks with a turn of the event loop
   * between them, and the file synced every few MB rather than all at the end.
   */
  whileServing?: boolean
}

/**
 * The db file of a store, whose writes are atomic and durable: the rows are streamed to a
 * temporary file in the same folder, fsynced, then renamed over the db file, so the file is never
 * half-written.
 */
export class DurableJsonFile {
  /** Size in bytes of the db file as last read or written. */
  bytes = 0
  /** Rows the last write copied from the file before it, and rows it serialised. */
  lastWrite = { copiedRows: 0, serialisedRows: 0 }
  /** The rows of the db file as last read (when trusted) or written, and where their lines are. */
  private lines?: DbFileLines

  constructor(readonly path: string) {}

  /**
   * Reads the file: null when there is none, otherwise what it holds and whether its checksum
   * matched. Throws for anything unreadable or not JSON.
   */
  async load(): Promise<ReadDbFile | null> {
    this.lines = undefined
    const read = await readDbFile(this.path)
    this.bytes = read?.bytes ?? 0
    this.lines = read?.lines
    return read && { data: read.data, trusted: read.trusted }
  }

  /**
   * Writes `data` (see writeDbFile), copying the lines of rows the file as last read or written
   * holds. `data`'s arrays must not be changed afterwards: the next write copies from them.
   */
  async write(data: DbFile, options: WriteDbFileOptions = {}): Promise<void> {
    const written = await writeDbFile(this.path, data, options, this.lines)
    this.bytes = written.bytes
    this.lines = written.lines
    this.lastWrite = { copiedRows: written.copiedRows, serialisedRows: written.serialisedRows }
  }
}

/** Reads a db file: line by line when it has the store's layout, as one JSON text otherwise. */
export async function readDbFile(path: string): Promise<(ReadDbFile & { bytes: number; lines?: DbFileLines }) | null> {
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  let bytes: number
  try {
    const stats = await handle.stat({ bigint: true })
    bytes = Number(stats.size)
    const head = Buffer.alloc(HEAD_START.length)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    if (bytesRead === head.length && head.equals(HEAD_START)) {
      const lined = await readLines(handle)
      if (lined) {
        const { data, trusted, collections } = lined
        // Only the store's own text of each row may be copied into the next write.
        return { data, trusted, bytes, lines: trusted ? { identity: identityOf(stats), collections } : undefined }
      }
    }
  } finally {
    await handle.close()
  }
  // Not the store's own layout (or not valid in it): plain JSON, with its own error messages.
  const data = JSON.parse(await readFile(path, 'utf8')) as unknown
  if (data !== null && typeof data === 'object' && typeof (data as DbFile).checksum === 'string')
    delete (data as DbFile).checksum
  return { data, trusted: false, bytes }
}

/**
 * Parses the store's layout. Undefined as soon as a line does not fit it exactly (the caller then
 * reads the file as plain JSON), so this never accepts a text that JSON.parse would refuse.
 */
async function readLines(
  handle: FileHandle,
): Promise<(ReadDbFile & { collections: Map<string, CollectionLines> }) | undefined> {
  const hash = createHash('sha256').update(checksumKey())
  const data: DbFile = { version: 1 }
  const collections = new Map<string, CollectionLines>()
  let state: 'head' | 'top' | 'rows' | 'end' = 'head'
  let name = ''
  let rows: unknown[] = []
  let starts: number[] = []
  /** In a collection: what the previous line was. */
  let previous: 'open' | 'row,' | 'row' = 'open'
  let checksum = ''
  let fits = true
  let offset = 0
  const misfit = () => (fits = false)
  const read = await forEachLine(handle, (line) => {
    const length = line.length - 1 // without the newline
    const start = offset
    offset += line.length
    if (state === 'rows') {
      starts.push(start)
      if (line[0] === CLOSE) {
        if (length !== 2 || line[1] !== COMMA || previous === 'row,') return misfit()
        collections.set(name, { rows, starts: Float64Array.from(starts) })
        state = 'top'
      } else {
        if (previous === 'row') return misfit()
        const hasComma = line[length - 1] === COMMA
        try {
          rows.push(JSON.parse(line.toString('utf8', 0, hasComma ? length - 1 : length)))
        } catch {
          return misfit()
        }
        previous = hasComma ? 'row,' : 'row'
      }
      hash.update(line)
      return true
    }
    if (state === 'head') {
      const head = HEAD.exec(line.toString('utf8'))
      if (!head) return misfit()
      if (head[1] !== undefined) {
        data.generation = Number(head[1])
        data.seq = Number(head[2])
      }
      state = 'top'
      hash.update(line)
      return true
    }
    if (state === 'end' || length > 200) return misfit()
    const text = line.toString('utf8')
    const trailer = TRAILER.exec(text)
    if (trailer) {
      checksum = trailer[1]
      state = 'end'
      return true
    }
    const named = COLLECTION.exec(text)?.[1]
    if (named === undefined || Object.hasOwn(data, named) || ['checksum', 'generation', 'seq'].includes(named))
      return misfit()
    name = named
    rows = []
    starts = []
    data[name] = rows
    previous = 'open'
    state = 'rows'
    hash.update(line)
    return true
  })
  if (
    !fits ||
    (state as string) !== 'end' ||
    read.tail.some((byte) => byte !== NEWLINE && byte !== 0x20 && byte !== 0x0d && byte !== 0x09)
  )
    return undefined
  return { data, trusted: hash.digest('hex') === checksum, collections }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export interface WrittenDbFile {
  /** Size of the file written. */
  bytes: number
  /** Its rows and where their lines are, for the next write to copy from. */
  lines: DbFileLines
  /** Rows whose lines were copied from the previous file, and rows serialised. */
  copiedRows: number
  serialisedRows: number
}

/**
 * Writes `data` as the db file, atomically: streamed in chunks (64 KB while serving, 1 MB otherwise) to a
 * temporary file, fsynced, renamed over the db file, and the folder fsynced. The rows are
 * serialised as they are written, so the whole text never exists at once, except those that are
 * the very objects `previous` (the db file as last read or written) holds: their lines are copied
 * from that file. When it turns out to be unusable half way (changed under us, unreadable), the
 * write starts again and serialises every row. `data`'s arrays must not be changed afterwards:
 * the result remembers them.
 */
export async function writeDbFile(
  path: string,
  data: DbFile,
  options: WriteDbFileOptions = {},
  previous?: DbFileLines,
): Promise<WrittenDbFile> {
  const source = previous && (await PreviousDbFile.open(path, previous))
  if (source) {
    try {
      return await writeFrom(path, data, options, source)
    } catch (error) {
      if (!(error instanceof PreviousFileUnusable)) throw error
    } finally {
      await source.close()
    }
  }
  return writeFrom(path, data, options, undefined)
}

async function writeFrom(
  path: string,
  data: DbFile,
  options: WriteDbFileOptions,
  source: PreviousDbFile | undefined,
): Promise<WrittenDbFile> {
  const temporary = temporaryPathBeside(path)
  const { generation, seq } = options.position ?? NEW_DB_POSITION
  const handle = await open(temporary, 'w', 0o600)
  const hash = createHash('sha256').update(checksumKey())
  const collections = new Map<string, CollectionLines>()
  let identity: FileIdentity
  let copiedRows = 0
  let serialisedRows = 0
  let bytes = 0
  const chunkBytes = options.whileServing ? SERVING_CHUNK_BYTES : CHUNK_BYTES
  // One buffer, filled row by row and reused for every chunk: no chunk-sized strings or buffers
  // pile up for the garbage collector while a large store is written.
  let buffer = Buffer.allocUnsafe(chunkBytes + 64 * 1024)
  let used = 0
  const writeOut = async (bytesOut: Buffer) => {
    for (let at = 0; at < bytesOut.length; ) at += (await handle.write(bytesOut, at, bytesOut.length - at)).bytesWritten
    bytes += bytesOut.length
  }
  let unsynced = 0
  const flush = async () => {
    if (used === 0) return
    const chunk = buffer.subarray(0, used)
    hash.update(chunk)
    await writeOut(chunk)
    unsynced += used
    used = 0
    if (!options.whileServing) return
    if (unsynced >= SERVING_SYNC_BYTES) {
      await handle.datasync()
      unsynced = 0
    }
    await nextTurn()
  }
  const push = async (text: string) => {
    // At most 3 bytes of UTF-8 per UTF-16 unit.
    if (used + text.length * 3 > buffer.length) {
      await flush()
      if (text.length * 3 > buffer.length) buffer = Buffer.allocUnsafe(text.length * 3)
    }
    used += buffer.write(text, used)
    if (used >= chunkBytes) await flush()
  }
  const pushBytes = async (bytesIn: Buffer) => {
    for (let at = 0; at < bytesIn.length; ) {
      const length = Math.min(bytesIn.length - at, chunkBytes - used)
      bytesIn.copy(buffer, used, at, at + length)
      used += length
      at += length
      if (used >= chunkBytes) await flush()
    }
  }
  try {
    try {
      await push(`{"version":1,"generation":${generation},"seq":${seq},\n`)
      for (const [name, value] of Object.entries(data)) {
        if (name === 'version') continue
        const rows = value as readonly unknown[]
        await push(`${JSON.stringify(name)}:[\n`)
        const starts = new Float64Array(rows.length + 1)
        const runs = source?.runsOf(name)
        const last = rows.length - 1
        for (let i = 0; i <= last; i++) {
          const run = runs?.runAt(rows, i)
          if (run && source) {
            const at = bytes + used
            const before = run.lines.starts
            for (let r = 0; r < run.count; r++) starts[i + r] = at + before[run.from + r] - before[run.from]
            await source.copyRows(run, pushBytes)
            i += run.count - 1
            copiedRows += run.count
            await push(i < last ? ',\n' : '\n')
            continue
          }
          starts[i] = bytes + used
          serialisedRows++
          const text = `${JSON.stringify(rows[i])}${i < last ? ',\n' : '\n'}`
          // Awaited only when a chunk is due, so most rows cost no turn of the event loop.
          if (used + text.length * 3 > buffer.length || used + text.length >= chunkBytes) await push(text)
          else used += buffer.write(text, used)
        }
        starts[rows.length] = bytes + used
        collections.set(name, { rows, starts })
        await push('],\n')
      }
      await flush()
      await writeOut(Buffer.from(`"checksum":"${hash.digest('hex')}"}\n`))
      await handle.sync()
      identity = identityOf(await handle.stat({ bigint: true }))
    } finally {
      await handle.close()
    }
    if (options.mustExist) {
      try {
        await stat(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        throw new Error(`the db file ${path} disappeared while the emulator ran; it is written again on close`)
      }
    }
    await rename(temporary, path)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
  await syncFolder(dirname(path))
  return { bytes, lines: { identity, collections }, copiedRows, serialisedRows }
}
