import { readFile, stat } from 'node:fs/promises'
import type { Row } from './collection.js'
import type { CollectionName } from './collections.js'
import { forEachLine, writeAll, writeFileDurably } from '../files.js'
import { ROW_SCHEMAS } from '../../contract/rows.js'
import { checkRow } from './tx.js'

/**
 * The db file, one JSON document written one row per line:
 *
 * ```
 * {"version":1,"seq":1042,
 * "products":[
 * {"id":"prod_…",…},
 * {"id":"prod_…",…}
 * ]
 * }
 * ```
 *
 * `seq` is the last journal transaction it holds. Every row is checked against the db schema when
 * it loads, whoever wrote the file: a start from a 100,000-product db stays inside its target with
 * that check (bench/).
 */
export type DbRows = Record<string, Row[]>
export interface DbFile {
  seq: number
  rows: DbRows
}

const VERSION = 1
const CHUNK_CHARS = 1024 * 1024

const isCollection = (name: string): name is CollectionName => Object.hasOwn(ROW_SCHEMAS, name)

/**
 * Writes the rows as the db file, atomically (writeFileDurably), streamed a chunk at a time with a
 * turn of the event loop between chunks, so requests go on. Returns the bytes written.
 */
export function writeDbFile(path: string, file: DbFile): Promise<number> {
  return writeFileDurably(path, async (handle) => {
    let bytes = 0
    let chunk = `{"version":${VERSION},"seq":${file.seq}`
    const flush = async () => {
      const buffer = Buffer.from(chunk)
      chunk = ''
      await writeAll(handle, buffer)
      bytes += buffer.length
    }
    for (const [name, rows] of Object.entries(file.rows)) {
      chunk += `,\n${JSON.stringify(name)}:[\n`
      for (let i = 0; i < rows.length; i++) {
        chunk += `${JSON.stringify(rows[i])}${i < rows.length - 1 ? ',' : ''}\n`
        if (chunk.length >= CHUNK_CHARS) await flush()
      }
      chunk += ']'
    }
    chunk += '\n}\n'
    await flush()
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
  if (lined) return withSize(checkDbFile(lined), bytes)
  // Not the layout the store writes (written by hand or by another tool): one JSON text.
  let data: unknown
  try {
    data = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
    return `it is not valid JSON (${error.message.replace(/\s+/g, ' ')})`
  }
  return withSize(checkDbFile(data), bytes)
}

const withSize = (file: DbFile | string, bytes: number) => (typeof file === 'string' ? file : { ...file, bytes })

/**
 * The db file read a line at a time as the store writes it, so that a db larger than the longest
 * string a process can hold loads too; undefined as soon as a line does not fit that layout.
 * Earlier versions closed it with a `"checksum"` line, read as its end.
 */
async function readLines(path: string): Promise<Record<string, unknown> | undefined> {
  const data: Record<string, unknown> = {}
  let rows: unknown[] = []
  /** `between`: after the head or a collection and its comma; `last`: after a collection without one. */
  let state: 'head' | 'between' | 'rows' | 'last' | 'end' | 'misfit' = 'head'
  await forEachLine(path, (line) => {
    if (state === 'rows') {
      if (line === '],' || line === ']') state = line === ']' ? 'last' : 'between'
      else
        try {
          rows.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line))
        } catch {
          state = 'misfit'
        }
    } else if (state === 'head') {
      const head = /^\{"version":(\d+),"seq":(\d{1,15}),$/.exec(line)
      if (head) Object.assign(data, { version: Number(head[1]), seq: Number(head[2]) })
      state = head ? 'between' : 'misfit'
    } else if (state === 'between') {
      const name = /^"(\w+)":\[$/.exec(line)?.[1]
      if (name && !Object.hasOwn(data, name)) data[name] = rows = []
      state = name && data[name] === rows ? 'rows' : /^"checksum":"[0-9a-f]{64}"\}$/.test(line) ? 'end' : 'misfit'
    } else state = state === 'last' && line === '}' ? 'end' : 'misfit'
  })
  return (state as string) === 'end' ? data : undefined
}

function checkDbFile(data: unknown): DbFile | string {
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
      const problem = checkRow(name, list[i])
      if (problem) return `${name}[${i}].${problem}`
    }
    rows[name] = list as Row[]
  }
  const missing = Object.keys(ROW_SCHEMAS).find((name) => !Object.hasOwn(rows, name))
  if (missing)
    return `collection "${missing}" is missing (the store writes every collection, empty ones too), so rows may have been lost`
  return { seq: (seq as number | undefined) ?? 0, rows }
}
