import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { Row } from './collection.js'
import type { CollectionName } from './collections.js'
import { forEachLine, writeAll, writeFileDurably } from '../files.js'
import { ROW_SCHEMAS } from './records.js'
import { checkRow } from './tx.js'

/**
 * The db file, one JSON document written one row per line and closed by a checksum:
 *
 * ```
 * {"version":1,"seq":1042,
 * "products":[
 * {"id":"prod_…",…},
 * {"id":"prod_…",…}
 * ],
 * "checksum":"<sha-256 of the package version, then of every line above>"}
 * ```
 *
 * `seq` is the last journal transaction it holds. A file whose checksum matches was written by
 * this version from rows it had checked, so its rows are not checked again when it loads (a
 * 100,000-product db starts in about a second instead of three); any other file has every row
 * checked against the db schema.
 */
export type DbRows = Record<string, Row[]>
export interface DbFile {
  seq: number
  rows: DbRows
}

const VERSION = 1
const CHUNK_CHARS = 1024 * 1024

/** Keys the checksum to the package version: rows written by another version are checked again. */
function checksumKey(): string {
  let version = 'unknown' // outside its package: every file is checked in full
  try {
    version = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version
  } catch {}
  return `store db file v${VERSION}, whole rows; package ${version}\n`
}

const isCollection = (name: string): name is CollectionName => Object.hasOwn(ROW_SCHEMAS, name)

/**
 * Writes the rows as the db file, atomically (writeFileDurably), streamed a chunk at a time with a
 * turn of the event loop between chunks, so requests go on. Returns the bytes written.
 */
export function writeDbFile(path: string, file: DbFile): Promise<number> {
  return writeFileDurably(path, async (handle) => {
    const hash = createHash('sha256').update(checksumKey())
    let bytes = 0
    let chunk = `{"version":${VERSION},"seq":${file.seq},\n`
    const flush = async (isHashed = true) => {
      if (isHashed) hash.update(chunk)
      const buffer = Buffer.from(chunk)
      chunk = ''
      await writeAll(handle, buffer)
      bytes += buffer.length
    }
    for (const [name, rows] of Object.entries(file.rows)) {
      chunk += `${JSON.stringify(name)}:[\n`
      for (let i = 0; i < rows.length; i++) {
        chunk += `${JSON.stringify(rows[i])}${i < rows.length - 1 ? ',' : ''}\n`
        if (chunk.length >= CHUNK_CHARS) await flush()
      }
      chunk += '],\n'
    }
    await flush()
    chunk = `"checksum":"${hash.digest('hex')}"}\n`
    await flush(false)
    return bytes
  })
}

/**
 * Reads a db file: null when there is none; its rows and position when it holds a valid db, else
 * the problem, named by collection, row and field. Throws for a file that cannot be read.
 */
export async function readDbFile(path: string): Promise<(DbFile & { bytes: number }) | string | null> {
  let bytes: number
  try {
    bytes = (await stat(path)).size
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  const lined = await readLines(path)
  if (lined) return withSize(checkDbFile(lined.data, lined.isTrusted), bytes)
  // Not the layout the store writes (written by hand or by another tool): one JSON text.
  let data: unknown
  try {
    data = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
    return `it is not valid JSON (${error.message.replace(/\s+/g, ' ')})`
  }
  return withSize(checkDbFile(data, false), bytes)
}

const withSize = (file: DbFile | string, bytes: number) => (typeof file === 'string' ? file : { ...file, bytes })

/**
 * The db file read a line at a time as the store writes it (a file of any size), and whether its
 * checksum matches; undefined as soon as a line does not fit that layout.
 */
async function readLines(path: string): Promise<{ data: Record<string, unknown>; isTrusted: boolean } | undefined> {
  const hash = createHash('sha256').update(checksumKey())
  const data: Record<string, unknown> = {}
  let rows: unknown[] | undefined
  let state: 'head' | 'between' | 'rows' | 'end' | 'misfit' = 'head'
  let checksum = ''
  await forEachLine(path, (line) => {
    if (state === 'misfit' || state === 'end') {
      state = 'misfit'
      return
    }
    if (state === 'rows' && line !== '],') {
      try {
        rows!.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line))
      } catch {
        state = 'misfit'
      }
    } else if (state === 'rows') state = 'between'
    else if (state === 'head') {
      const head = /^\{"version":(\d+),"seq":(\d{1,15}),$/.exec(line)
      if (!head) state = 'misfit'
      else {
        Object.assign(data, { version: Number(head[1]), seq: Number(head[2]) })
        state = 'between'
      }
    } else {
      const name = /^"(\w+)":\[$/.exec(line)?.[1]
      const trailer = /^"checksum":"([0-9a-f]{64})"\}$/.exec(line)
      if (name && !Object.hasOwn(data, name)) data[name] = rows = []
      else if (trailer) checksum = trailer[1]
      state = name ? 'rows' : trailer ? 'end' : 'misfit'
      if (trailer) return
    }
    hash.update(`${line}\n`)
  })
  if ((state as string) !== 'end') return undefined
  return { data, isTrusted: hash.digest('hex') === checksum }
}

function checkDbFile(data: unknown, isTrusted: boolean): DbFile | string {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return 'it does not hold a JSON object'
  // `generation` was written by earlier versions, whose files load as they are.
  const { version, seq, checksum: _, generation: __, ...collections } = data as Record<string, unknown>
  if (version !== VERSION) return `"version" is ${JSON.stringify(version)}, expected ${VERSION}`
  if (seq !== undefined && (!Number.isSafeInteger(seq) || (seq as number) < 0))
    return `"seq" is ${JSON.stringify(seq)}, expected a whole number`
  const rows: DbRows = {}
  for (const [name, list] of Object.entries(collections)) {
    if (!isCollection(name)) return `unknown collection "${name}"`
    if (!Array.isArray(list)) return `"${name}" is not an array`
    for (let i = 0; i < list.length; i++) {
      const problem = isTrusted ? idProblem(list[i]) : checkRow(name, list[i])
      if (problem) return `${name}[${i}].${problem}`
    }
    rows[name] = list as Row[]
  }
  const missing = Object.keys(ROW_SCHEMAS).find((name) => !Object.hasOwn(rows, name))
  if (missing)
    return `collection "${missing}" is missing (the store writes every collection, empty ones too), so rows may have been lost`
  return { seq: (seq as number | undefined) ?? 0, rows }
}

const idProblem = (row: unknown) =>
  typeof (row as { id?: unknown } | null)?.id === 'string' && (row as Row).id !== ''
    ? undefined
    : 'id: expected a non-empty string'
