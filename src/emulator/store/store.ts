import { open, readdir, unlink, type FileHandle } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Low, Memory } from 'lowdb'
import { StoreError } from '../../spec/errors.js'
import {
  createCollections,
  type AnyCollection,
  type CollectionName,
  type Collections,
  type RowOf,
} from './collections.js'
import { DurableJsonFile, temporaryPrefix, type ReadDbFile } from './durable-json-file.js'
import { nodeJournalIO, type JournalFile, type JournalIO } from './journal-io.js'
import { foldIntoDbFile } from './compaction.js'
import { forEachLine, type LinesRead } from './line-reader.js'
import { acquireLock } from './lock.js'
import { checkDbFile, checkJournalLine, checkRow, type DbFile, type JournalOp } from './db-file.js'
import type { Collection, Row } from './collection.js'
import type { FulfilmentRecord } from './records.js'
import { upgradeFulfilmentRow } from './serial-pool.js'
import { StringPool } from './string-pool.js'

export interface StoreOptions {
  /** Path of the lowdb JSON file, or `:memory:`. */
  path: string
  /** Fills a new db; runs only when the file does not exist yet. */
  init?: (tx: Tx, store: Store) => void
  /**
   * Journal size that triggers folding it into the db file off the request path. Without it, the
   * larger of 16 MB and the db file's size, so the cost of rewriting the db file stays a fixed
   * share of the writes however large the store grows.
   */
  compactAtBytes?: number
  io?: JournalIO
  pid?: number
  log?: (line: string) => void
}

/** One row a transaction replaced or removed, and what it was before (undefined: it did not exist). */
interface Change {
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
    this.assertOpen()
    const collection = this.collections[name] as unknown as Collection<RowOf<K>>
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
    const previous = collection.set(row)
    this.changes.push({ name, collection: collection as unknown as AnyCollection, key, previous })
    this.ops.push({ c: name, put: row })
    return row
  }

  delete<K extends CollectionName>(name: K, key: string): void {
    this.assertOpen()
    const collection = this.collections[name] as unknown as Collection<RowOf<K>>
    const previous = collection.delete(key)
    if (!previous) return
    this.changes.push({ name, collection: collection as unknown as AnyCollection, key, previous })
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
  }
}

interface Pending {
  tx: Tx
  line: string
  resolve: () => void
  reject: (error: Error) => void
}

const DEFAULT_COMPACT_AT = 16 * 1024 * 1024

/** Rows stored in a form an earlier version wrote, brought to today's form as they are loaded. */
const UPGRADES: Partial<Record<string, (c: Collections, row: never) => unknown>> = {
  fulfilments: (c, row: FulfilmentRecord) => upgradeFulfilmentRow(c, row),
}

const reasonOf = (error: unknown) =>
  (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error)

/**
 * The emulator's data: every collection in memory with its indexes, made durable by an
 * append-only journal (one line per transaction, group-committed with one fsync per batch) that
 * is folded into the lowdb JSON file when it grows (streamed from memory, between requests) and
 * on close.
 */
export class Store {
  readonly c: Collections = createCollections()
  private journal?: JournalFile
  private journalSize = 0
  /** A failed append may have left bytes past `journalSize`; they are cut before the next append. */
  private hasDirtyTail = false
  private pending: Pending[] = []
  private flushing?: Promise<void>
  private folding?: Promise<void>
  /** Journal size at which the next rotation (or retry of a failed fold) is tried. */
  private nextRotationAt: number
  private canRotate = true
  private releaseLock?: () => void
  private closing?: Promise<void>
  /** The db file (undefined in memory). */
  private readonly file?: DurableJsonFile
  /** Called with each transaction once it is durable (events go out from here). */
  onCommit?: (tx: Tx) => void

  private constructor(
    private readonly low: Low<DbFile>,
    private readonly options: StoreOptions,
    private readonly io: JournalIO,
  ) {
    if (low.adapter instanceof DurableJsonFile) this.file = low.adapter
    this.nextRotationAt = this.compactAt
  }

  get path(): string {
    return this.options.path
  }

  get isMemory(): boolean {
    return this.options.path === ':memory:'
  }

  /** Journal bytes between two folds: as configured, or the larger of 16 MB and the db file. */
  private get compactAt(): number {
    return this.options.compactAtBytes ?? Math.max(DEFAULT_COMPACT_AT, this.file?.bytes ?? 0)
  }

  private get journalPath() {
    return `${this.options.path}.journal`
  }

  private get oldJournalPath() {
    return `${this.options.path}.journal.old`
  }

  /**
   * Opens (or creates) a store. Refuses, with a StoreError naming the file and what to do, a db
   * file that is unreadable or invalid, a corrupt journal line, and a db another process holds.
   */
  static async open(options: StoreOptions): Promise<Store> {
    const io = options.io ?? nodeJournalIO
    if (options.path === ':memory:') {
      const store = new Store(new Low<DbFile>(new Memory(), { version: 1 }), options, io)
      store.initialise()
      return store
    }
    const releaseLock = acquireLock(options.path, options.pid ?? process.pid)
    try {
      const low = new Low<DbFile>(new DurableJsonFile(options.path), { version: 1 })
      const store = new Store(low, options, io)
      store.releaseLock = releaseLock
      await store.load()
      return store
    } catch (error) {
      releaseLock()
      if (error instanceof StoreError) throw error
      throw new StoreError(
        500,
        `db file ${options.path} could not be opened (${(error as Error).message}). Check that its folder exists and is writable.`,
      )
    }
  }

  /**
   * Runs `change` (synchronously) on the data at once and resolves once its changes are on disk.
   * A change that throws is rolled back; a write the disk refuses is rolled back and rejected
   * with a 500 StoreError, together with every later transaction not yet on disk.
   */
  async tx<R>(change: (tx: Tx) => R): Promise<R> {
    if (this.closing) throw new StoreError(503, 'the emulator is shutting down; retry against the next instance')
    const tx = new Tx(this.c)
    let result: R
    let line: string | undefined
    try {
      result = change(tx)
      if (typeof (result as { then?: unknown })?.then === 'function') {
        throw new StoreError(
          500,
          'internal error: store.tx was given an async function; its changes must be made synchronously',
        )
      }
      if (tx.ops.length > 0 && this.journal) line = `${JSON.stringify({ ops: tx.ops })}\n`
    } catch (error) {
      tx.rollback()
      throw error
    } finally {
      tx.seal()
    }
    if (line !== undefined) {
      await new Promise<void>((resolve, reject) => {
        this.pending.push({ tx, line, resolve, reject })
        this.flushing ??= this.flush()
      })
    }
    try {
      this.onCommit?.(tx)
    } catch (error) {
      // The write is on disk: a failing listener must not turn it into an error answer.
      this.options.log?.(`a commit listener failed: ${(error as Error)?.stack ?? String(error)}`)
    }
    return result
  }

  /** Waits for every acknowledged write and any fold in progress. */
  async settle(): Promise<void> {
    while (this.flushing || this.folding) await Promise.allSettled([this.flushing, this.folding])
  }

  /** Flushes, folds everything into the db file and releases the lock. Calling it again waits for the first call. */
  close(): Promise<void> {
    this.closing ??= this.shutDown()
    return this.closing
  }

  snapshot(): DbFile {
    const data: DbFile = { version: 1 }
    for (const [name, collection] of Object.entries(this.c)) data[name] = [...collection.values()]
    return data
  }

  private async shutDown(): Promise<void> {
    try {
      await this.settle()
      if (this.isMemory) return
      try {
        // Every transaction is on disk now (settled, and new ones are refused): the rows as they stand.
        this.low.data = this.rowsOnDisk()
        await this.low.write()
      } catch (error) {
        throw new StoreError(
          500,
          `could not write ${this.options.path} on close (${reasonOf(error)}); its journal ${this.journalPath} was kept and is replayed at the next start. Check disk space and permissions.`,
        )
      }
      await this.journal?.close().catch(() => undefined)
      this.journal = undefined
      await this.io.unlink(this.journalPath)
      await this.io.unlink(this.oldJournalPath)
    } finally {
      this.low.data = { version: 1 }
      this.releaseLock?.()
    }
  }

  /**
   * The rows as the journal has them, for the db file: references to every row now, with the
   * changes of transactions not yet on disk (queued for the next append) undone. Synchronous and
   * cheap (arrays of references); rows are never changed in place, so the arrays stay a consistent
   * picture of this moment however long writing them takes.
   */
  private rowsOnDisk(): DbFile {
    const undone = new Map<string, Map<string, Row | undefined>>()
    for (const { tx } of this.pending) {
      for (const change of tx.changes) {
        let keys = undone.get(change.name)
        if (!keys) undone.set(change.name, (keys = new Map()))
        // The oldest change of a key holds its value before every pending transaction.
        if (!keys.has(change.key)) keys.set(change.key, change.previous)
      }
    }
    const data: DbFile = { version: 1 }
    for (const [name, collection] of Object.entries(this.c) as unknown as [string, AnyCollection][]) {
      const keys = undone.get(name)
      if (!keys) {
        data[name] = Array.from(collection.values())
        continue
      }
      const rows: Row[] = []
      for (const [key, row] of collection.entries()) if (!keys.has(key)) rows.push(row)
      for (const previous of keys.values()) if (previous) rows.push(previous)
      data[name] = rows
    }
    return data
  }

  private initialise(): void {
    if (!this.options.init) return
    const tx = new Tx(this.c)
    this.options.init(tx, this)
    tx.seal()
  }

  private refused(problem: string): StoreError {
    return new StoreError(
      500,
      `db file ${this.options.path} was refused: ${problem}. It was left untouched; fix it or start with another --db.`,
    )
  }

  private async load(): Promise<void> {
    const path = this.options.path
    await this.removeTemporaryFiles()
    let read: ReadDbFile | null
    try {
      read = await this.file!.load()
    } catch (error) {
      throw this.refused(
        error instanceof SyntaxError
          ? `it is not valid JSON (${error.message.replace(/\s+/g, ' ')})`
          : `it cannot be read (${(error as Error).message})`,
      )
    }
    let foldRows: DbFile | undefined
    if (read === null) {
      for (const journal of [this.journalPath, this.oldJournalPath]) {
        if ((await this.io.size(journal)) !== undefined) {
          throw new StoreError(
            500,
            `db file ${path} is missing but its journal ${journal} exists. Restore the db file, or move the journal aside to start anew.`,
          )
        }
      }
      try {
        this.initialise()
      } catch (error) {
        throw new StoreError(
          500,
          `db file ${path} was not created: filling it failed (${(error as Error).message}). Nothing was written.`,
        )
      }
      this.low.data = this.rowsOnDisk()
      await this.low.write()
      this.low.data = { version: 1 }
    } else {
      // A file the store wrote itself (its checksum matches) holds rows validated when they were
      // stored: only its structure is checked. Any other file has every row checked.
      const problem = checkDbFile(read.data, { rows: !read.trusted })
      if (problem) throw this.refused(problem)
      for (const [name, rows] of Object.entries(read.data as DbFile)) {
        if (name === 'version') continue
        const collection = (this.c as unknown as Record<string, AnyCollection>)[name]
        const upgrade = UPGRADES[name]
        const strings = new StringPool()
        for (const row of rows as Row[]) {
          strings.share(row as unknown as Record<string, unknown>)
          collection.set(upgrade ? (upgrade(this.c, row as never) as Row) : row)
        }
      }
      if (await this.replay(this.oldJournalPath, false)) {
        // An interrupted fold: fold .journal.old again, from the state it leads to.
        foldRows = this.rowsOnDisk()
      }
      await this.replay(this.journalPath, true)
    }
    const isNew = (await this.io.size(this.journalPath)) === undefined
    this.journal = await this.io.openForAppend(this.journalPath)
    if (isNew) await this.io.syncFolder?.(dirname(path))
    this.journalSize = (await this.io.size(this.journalPath)) ?? 0
    this.nextRotationAt = this.compactAt
    if (foldRows) this.startFold(foldRows)
  }

  /** Left-overs of writes a crash interrupted (`.<db>.*.tmp`); safe to remove while holding the lock. */
  private async removeTemporaryFiles(): Promise<void> {
    const folder = dirname(this.options.path)
    const prefix = temporaryPrefix(this.options.path)
    let names: string[]
    try {
      names = await readdir(folder)
    } catch {
      return
    }
    for (const name of names) {
      if (name.startsWith(prefix) && name.endsWith('.tmp')) await unlink(join(folder, name)).catch(() => undefined)
    }
  }

  /**
   * Applies a journal's complete lines, read in chunks. The piece after the last newline is a torn
   * append that was never acknowledged (a crash mid-write): it is cut off. A corrupt complete line
   * refuses the start, since the lines after it may hold acknowledged writes. False when there is
   * no such journal.
   */
  private async replay(journalPath: string, isCurrent: boolean): Promise<boolean> {
    const cannotRead = (error: unknown) =>
      new StoreError(
        500,
        `journal ${journalPath} cannot be read (${(error as Error).message}); the db was not loaded and no file was changed. Check its permissions.`,
      )
    let handle: FileHandle
    try {
      handle = await open(journalPath, 'r')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
      throw cannotRead(error)
    }
    let lineNumber = 0
    let corrupt: string | undefined
    let read: LinesRead
    try {
      read = await forEachLine(handle, (line) => {
        lineNumber++
        const ops = checkJournalLine(line.toString('utf8', 0, line.length - 1))
        if (typeof ops === 'string') {
          corrupt = ops
          return false
        }
        this.apply(ops)
        return true
      })
    } catch (error) {
      throw cannotRead(error)
    } finally {
      await handle.close()
    }
    if (corrupt !== undefined) {
      throw new StoreError(
        500,
        `journal ${journalPath} line ${lineNumber} is corrupt: ${corrupt}. The db was not loaded and no file was changed. Repair or delete that line, or move the journal aside to start from ${this.options.path} alone (losing the changes it holds).`,
      )
    }
    if (read.tail.length === 0) return true
    if (isCurrent) {
      const file = await this.io.openForAppend(journalPath)
      try {
        await file.truncate(read.bytes)
        await file.sync()
      } finally {
        await file.close()
      }
    }
    this.options.log?.(
      `journal ${journalPath}: ignored a torn last line (${read.tail.length} bytes) left by an interrupted write`,
    )
    return true
  }

  private apply(ops: JournalOp[]): void {
    for (const op of ops) {
      const collection = (this.c as unknown as Record<string, AnyCollection>)[op.c]
      if ('put' in op) {
        const upgrade = UPGRADES[op.c]
        collection.set(upgrade ? (upgrade(this.c, op.put as never) as Row) : op.put)
      } else collection.delete(op.del)
    }
  }

  /** Group commit: whatever queued while the previous batch was being written goes out as one append and one fsync. */
  private async flush(): Promise<void> {
    try {
      while (this.pending.length) {
        const batch = this.pending
        this.pending = []
        const text = batch.map((p) => p.line).join('')
        try {
          if (this.hasDirtyTail) await this.cutDirtyTail()
          this.hasDirtyTail = true
          await this.journal!.append(text)
          await this.journal!.sync()
          this.hasDirtyTail = false
        } catch (error) {
          this.failBatch(batch, error)
          // Cut what the failed append may have left, so no half line sits before the next one.
          await this.cutDirtyTail().catch(() => undefined)
          continue
        }
        this.journalSize += Buffer.byteLength(text)
        for (const p of batch) p.resolve()
        if (this.journalSize >= this.nextRotationAt && this.canRotate && !this.folding) await this.rotate()
      }
    } finally {
      this.flushing = undefined
    }
  }

  private async cutDirtyTail(): Promise<void> {
    await this.journal!.truncate(this.journalSize)
    this.hasDirtyTail = false
  }

  private failBatch(batch: Pending[], error: unknown): void {
    // Later transactions were built on the failed ones: undo everything not on disk, newest first.
    const failed = [...batch, ...this.pending]
    this.pending = []
    for (let i = failed.length - 1; i >= 0; i--) failed[i].tx.rollback()
    const storeError = new StoreError(
      500,
      `storage: the change could not be written to ${this.journalPath} (${reasonOf(error)}) and was not saved. Check disk space and permissions, then retry.`,
    )
    this.options.log?.(
      `write to ${this.journalPath} failed (${reasonOf(error)}); ${failed.length} change(s) rolled back and answered 500`,
    )
    for (const p of failed) p.reject(storeError)
  }

  /**
   * Moves the journal aside (`.journal.old`), starts a new one and folds the state at that moment
   * into the db file. Never throws: on failure the journal simply keeps growing and the rotation
   * is tried again later. Runs inside `flush`, so no append happens meanwhile.
   */
  private async rotate(): Promise<void> {
    this.nextRotationAt = this.journalSize + this.compactAt
    try {
      if ((await this.io.size(this.oldJournalPath)) !== undefined) {
        // An earlier fold failed and left its journal: fold it again, with everything since.
        this.startFold(this.rowsOnDisk())
        return
      }
      await this.io.rename(this.journalPath, this.oldJournalPath)
    } catch (error) {
      this.options.log?.(
        `could not rotate ${this.journalPath} (${reasonOf(error)}); it keeps growing and rotation is tried again later`,
      )
      return
    }
    // Everything written so far is in .journal.old, and nothing else: the state to fold.
    const rows = this.rowsOnDisk()
    let fresh: JournalFile
    try {
      fresh = await this.io.openForAppend(this.journalPath)
    } catch (error) {
      try {
        await this.io.rename(this.oldJournalPath, this.journalPath)
      } catch {
        // Appends keep going to the file now named .journal.old (replayed first at start); never fold it.
        this.canRotate = false
      }
      this.options.log?.(
        `could not start a new journal ${this.journalPath} (${reasonOf(error)}); compaction waits for the next start`,
      )
      return
    }
    const previous = this.journal!
    this.journal = fresh
    this.journalSize = 0
    this.nextRotationAt = this.compactAt
    await previous.close().catch(() => undefined)
    await this.io.syncFolder?.(dirname(this.options.path)).catch(() => undefined)
    this.startFold(rows)
  }

  /** Writes `rows` (the state `.journal.old` leads to) as the db file, then removes `.journal.old`. */
  private startFold(rows: DbFile): void {
    this.folding = foldIntoDbFile(this.file!, rows, this.io, this.oldJournalPath)
      .then(() => {
        // The threshold follows the db file's new size.
        if (this.options.compactAtBytes === undefined)
          this.nextRotationAt = Math.max(this.nextRotationAt, this.compactAt)
      })
      .catch((error: Error) => {
        this.nextRotationAt = this.journalSize + this.compactAt
        this.options.log?.(
          `compaction of ${this.oldJournalPath} failed (${error.message}); it stays on disk and is replayed at the next start`,
        )
      })
      .finally(() => (this.folding = undefined))
  }
}
