import { StoreError } from '../../contract/errors.js'
import {
  collectionNamed,
  type AnyCollection,
  type CollectionName,
  type Collections,
  type RowOf,
  ownerOf,
} from './collections.js'
import type { Row } from './collection.js'
import { ROW_SCHEMAS } from '../../contract/rows.js'

/** One change of a journal line: a whole row put, or a key deleted. */
export type JournalOp = { c: string; put: Row } | { c: string; del: string }

/** A row a transaction replaced or removed, and what it was before (undefined: it did not exist). */
export interface Change {
  name: string
  collection: AnyCollection
  key: string
  previous: Row | undefined
}

/** The first problem of one row, as `<field path>: <message>`; undefined if it may be stored. */
export function checkRow(name: CollectionName, row: unknown): string | undefined {
  const result = ROW_SCHEMAS[name].safeParse(row)
  if (result.success) return undefined
  const issue = result.error.issues[0]
  return `${issue.path.length ? issue.path.join('.') : '(row)'}: ${issue.message}`
}

/** The changes of one transaction: applied to memory at once, journalled as one line. */
export class Tx {
  readonly ops: JournalOp[] = []
  readonly changes: Change[] = []
  private isSealed = false

  constructor(private readonly collections: Collections) {}

  /** Ends the transaction: a later put or delete (an async continuation) is a bug, refused loudly. */
  seal(): void {
    this.isSealed = true
  }

  /**
   * Stores a whole record (insert or replace). Pass a new object: the stored one is the version a
   * rollback restores. A row the db file could not load back is refused here, at write time.
   */
  put<K extends CollectionName>(name: K, row: RowOf<K>): RowOf<K> {
    this.assertOpen()
    const collection = collectionNamed(this.collections, name)
    const key = collection.keyOf(row)
    if (collection.get(key) === row) {
      throw new StoreError(
        500,
        `internal error: ${name} row ${key} was changed in place and put back; put a copy ({ ...row, ... }) so the change can be rolled back`,
      )
    }
    const problem = checkRow(name, row)
    if (problem)
      throw new StoreError(
        500,
        `internal error: ${name} row ${key} does not fit the db schema (${problem}); nothing was saved`,
      )
    // A row of a shop, or a shop or key of an account, that a deletion took away meanwhile.
    const owner = ownerOf(this.collections, name)
    const ownerId = owner && String(row[owner.field])
    if (owner && !owner.owners.get(ownerId!))
      throw new StoreError(403, `${owner.kind} ${ownerId} was deleted; nothing was saved`)
    this.changes.push({ name, collection, key, previous: collection.set(row) })
    this.ops.push({ c: name, put: row })
    return row
  }

  delete(name: CollectionName, key: string): void {
    this.assertOpen()
    const collection = collectionNamed(this.collections, name)
    const previous = collection.delete(key)
    if (!previous) return
    this.changes.push({ name, collection, key, previous })
    this.ops.push({ c: name, del: key })
  }

  /** Takes every change back, newest first. */
  rollback(): void {
    for (let i = this.changes.length - 1; i >= 0; i--) {
      const { collection, key, previous } = this.changes[i]
      if (previous) collection.set(previous)
      else collection.delete(key)
    }
    this.changes.length = 0
    this.ops.length = 0
  }

  private assertOpen(): void {
    if (this.isSealed)
      throw new StoreError(
        500,
        'internal error: a change was made after its store.tx ended; make every change inside the synchronous function',
      )
  }
}
