import type { z } from 'zod'
import type { CollectionName, RowOf } from './collections.js'
import { ROW_SCHEMAS } from './records.js'

/** The db file's content: `{ version: 1, <collection>: rows[] }` (durable-json-file.ts writes and reads it). */
export type DbFile = { version: 1 } & Record<string, unknown>

/**
 * One change of a journal line (journal-format.ts): a row put (`dataFrom` only on disk), the
 * fields that changed in a row replacing one of the same key (only on disk), or a delete.
 */
export type JournalOp = PutOp | PatchOp | { c: string; del: string }
/**
 * A row put; in a transaction, with the row its `key` held before it (`replaces`), so the journal
 * can write only the fields that changed.
 */
export type PutOp = { c: string; put: { id: string }; dataFrom?: number; key?: string; replaces?: { id: string } }
export type PatchOp = { c: string; set: string; fields: Record<string, unknown>; unset?: string[] }

/** One schema per collection, each checked by the compiler against the collection's row type. */
const SCHEMAS: { [K in CollectionName]: z.ZodType<RowOf<K>> } = ROW_SCHEMAS

const isCollection = (name: string): name is CollectionName => Object.hasOwn(SCHEMAS, name)

/** The first problem of one row, as `<field path>: <message>`; undefined if it may be stored. */
export function checkRow(collection: CollectionName, row: unknown): string | undefined {
  const result = SCHEMAS[collection].safeParse(row)
  if (result.success) return undefined
  const issue = result.error.issues[0]
  return `${issue.path.length ? issue.path.join('.') : '(row)'}: ${issue.message}`
}

/**
 * The first problem of a loaded db file, named by collection, row and field; undefined if valid.
 * `rows: false` checks the structure only (a file whose checksum shows the store wrote it from
 * rows it had validated already): the version, known collections, arrays of rows with an id.
 */
export function checkDbFile(data: unknown, { rows: checkRows = true }: { rows?: boolean } = {}): string | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return 'it does not hold a JSON object'
  const file = data as Record<string, unknown>
  if (file.version !== 1) return `"version" is ${JSON.stringify(file.version)}, expected 1`
  for (const [name, rows] of Object.entries(file)) {
    if (name === 'version') continue
    if (!isCollection(name)) return `unknown collection "${name}"`
    if (!Array.isArray(rows)) return `"${name}" is not an array`
    if (!checkRows) {
      for (let i = 0; i < rows.length; i++) {
        const id = (rows[i] as { id?: unknown } | null)?.id
        if (typeof id !== 'string' || id.length === 0) return `${name}[${i}].id: expected a non-empty string`
      }
      continue
    }
    const schema = SCHEMAS[name]
    for (let i = 0; i < rows.length; i++) {
      const result = schema.safeParse(rows[i])
      if (!result.success) {
        const issue = result.error.issues[0]
        return `${name}[${i}]${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`
      }
    }
  }
  return undefined
}
