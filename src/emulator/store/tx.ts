import { StoreError } from '../../spec/errors.js'
import type { AnyCollection, CollectionName, Collections, RowOf } from './collections.js'
import type { Collection, Row } from './collection.js'
import { checkRow, type JournalOp, type PutOp } from './db-file.js'

/** One row a transaction replaced or removed, and what it was before (undefined: it did not exist). */
export interface Change {
  name: string
  collection: AnyCollection
  key: string
  previous: Row | undefined
}

/** The changes of one transaction: applied to memory at once, journalled as one line. */
export class Tx {
  readonly ops: JournalOp[] = []
  /** What each change replaced, in order: for a rollback, and for the db file written while it is not yet on disk. */
  readonly changes: Change[] = []
  private isSealed = false
  /** Where in `ops` the put of each row put in this transaction is, by collection and key, until it is deleted. */
  private readonly putOps = new Map<string, Map<string, number>>()
  constructor(private readonly collections: Collections) {}

  /** Ends the transaction: a later put or delete (an async continuation) is a bug, refused loudly. */
  seal(): void {
    this.isSealed = true
  }

  /**
   * Stores a whole record (insert or replace). Pass a new object: the stored one is the version
   * a rollback restores. A row the db file could not load back is refused here, at write time,
   * rather than making the db unloadable at the next start.
   */
  put<K extends CollectionName>(name: K, row: RowOf<K>): RowOf<K> {
    return this.store(name, row, true)
  }

  /**
   * `put` without the db schema check, for rows the store's own code builds from rows it holds
   * and values it computed, every field typed by the compiler (an event of the log, a renewal):
   * checked again on each write, they cost more than the write itself. Input from outside is
   * checked where it enters, and rows loaded from files when they are read.
   */
  putBuilt<K extends CollectionName>(name: K, row: RowOf<K>): RowOf<K> {
    return this.store(name, row, false)
  }

  private store<K extends CollectionName>(name: K, row: RowOf<K>, isChecked: boolean): RowOf<K> {
    this.assertOpen()
    const collection = this.collections[name] as unknown as Collection<RowOf<K>>
    const key = collection.keyOf(row)
    if (collection.get(key) === row) {
      throw new StoreError(
        500,
        `internal error: ${name} row ${key} was changed in place and put back; put a copy ({ ...row, ... }) so the change can be rolled back`,
      )
    }
    const problem = isChecked ? checkRow(name, row) : undefined
    if (problem)
      throw new StoreError(
        500,
        `internal error: ${name} row ${key} does not fit the db schema (${problem}); nothing was saved`,
      )
    const previous = collection.set(row)
    this.changes.push({ name, collection: collection as unknown as AnyCollection, key, previous })
    // A row put again in the same transaction (the event counter, once per event) is journalled once, as it
    // ends up, against the row its key held before the transaction: the journal may write only what changed.
    let puts = this.putOps.get(name)
    if (!puts) this.putOps.set(name, (puts = new Map()))
    const at = puts.get(key)
    if (at === undefined) {
      puts.set(key, this.ops.length)
      this.ops.push({ c: name, put: row, key, replaces: previous })
    } else this.ops[at] = { c: name, put: row, key, replaces: (this.ops[at] as PutOp).replaces }
    return row
  }

  delete<K extends CollectionName>(name: K, key: string): void {
    this.assertOpen()
    const collection = this.collections[name] as unknown as Collection<RowOf<K>>
    const previous = collection.delete(key)
    if (!previous) return
    this.changes.push({ name, collection: collection as unknown as AnyCollection, key, previous })
    this.putOps.get(name)?.delete(key)
    this.ops.push({ c: name, del: key })
  }

  private assertOpen(): void {
    if (this.isSealed)
      throw new StoreError(
        500,
        'internal error: a change was made after its store.tx ended; make every change inside the synchronous function',
      )
  }

  rollback(): void {
    for (let i = this.changes.length - 1; i >= 0; i--) {
      const { collection, key, previous } = this.changes[i]
      if (previous) collection.set(previous)
      else collection.delete(key)
    }
    this.changes.length = 0
    this.ops.length = 0
    this.putOps.clear()
  }
}
