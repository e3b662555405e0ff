import { StoreError } from '../../contract/errors.js'
import {
  collectionNamed,
  createCollections,
  eachCollection,
  ownerOf,
  type CollectionName,
  type Collections,
} from './collections.js'
import { readDbFile, writeDbFile, type DbFile, type DbRows } from './db-file.js'
import { existsSync } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { removeTemporaryFiles, syncFolder, temporaryPathBeside, writeFileDurably } from '../files.js'
import {
  type JournalFile,
  type JournalIO,
  JournalWriter,
  journalHeader,
  nodeJournalIO,
  reasonOf,
  replayJournal,
} from './journal.js'
import { acquireLock } from './lock.js'
import { Tx } from './tx.js'

export { Tx } from './tx.js'

export interface StoreOptions {
  /** Path of the db file, or `:memory:`. */
  path: string
  /** Fills a new db; runs only when the file does not exist yet. */
  init?: (tx: Tx, store: Store) => void
  /** Journal size at which it is folded into the db file; the larger of 16 MB and twice the db file by default. */
  foldAtBytes?: number
  io?: JournalIO
  pid?: number
  log?: (line: string) => void
}

const MIN_FOLD_BYTES = 16 * 1024 * 1024

/**
 * The emulator's data: every collection in memory with its indexes. A transaction changes memory
 * at once and is durable once its journal line is on disk (journal.ts: group commit). Once the
 * journal has grown and the writer has nothing queued, the rows are written as a new db file
 * (db-file.ts: temporary file, fsync, rename) while requests go on, and the journal is rewritten
 * to hold only what came after. Anything about to show data waits until everything applied so far
 * is on disk (commit-wait).
 */
export class Store {
  readonly collections: Collections = createCollections()
  /** Called with each transaction once it is durable (events go out from here). */
  onCommit?: (tx: Tx) => void
  private writer?: JournalWriter
  private dbBytes = 0
  private nextFoldAt = 0
  private folding?: Promise<void>
  private closing?: Promise<void>
  private releaseLock?: () => void

  private constructor(
    private readonly options: StoreOptions,
    private readonly io: JournalIO,
  ) {}

  get path(): string {
    return this.options.path
  }

  get isMemory(): boolean {
    return this.options.path === ':memory:'
  }

  private get journalPath(): string {
    return `${this.options.path}.journal`
  }

  /** Bytes the store takes on disk: the db file as last written plus the journal since (0 in memory). */
  get diskBytes(): number {
    return this.dbBytes + (this.writer?.bytes ?? 0)
  }

  /**
   * Opens (or creates) a store. Refuses, with a StoreError naming the file and what to do, a db
   * file that is unreadable or invalid, a journal that is corrupt, lost lines or does not belong to
   * the db file, and a db another process holds.
   */
  static async open(options: StoreOptions): Promise<Store> {
    const store = new Store(options, options.io ?? nodeJournalIO)
    if (store.isMemory) {
      store.initialise()
      return store
    }
    store.releaseLock = acquireLock(options.path, options.pid ?? process.pid)
    try {
      await store.load()
      return store
    } catch (error) {
      store.releaseLock()
      if (error instanceof StoreError) throw error
      throw new StoreError(
        500,
        `db file ${options.path} could not be opened (${reasonOf(error)}). Check that its folder exists and is writable.`,
      )
    }
  }

  /**
   * Runs `change` (synchronously) on the data at once and resolves once its changes are on disk.
   * A change that throws is rolled back; a write the disk refuses is rolled back and rejected with
   * a 500 StoreError, with every later transaction not yet on disk. A change that writes nothing
   * waits, like any reader, until what it could have read is on disk.
   */
  async tx<R>(change: (tx: Tx) => R): Promise<R> {
    if (this.closing) throw new StoreError(503, 'the emulator is shutting down; retry against the next instance')
    const mark = this.mark()
    const tx = new Tx(this.collections)
    let result: R
    try {
      result = change(tx)
      if (typeof (result as { then?: unknown })?.then === 'function')
        throw new StoreError(
          500,
          'internal error: store.tx was given an async function; its changes must be made synchronously',
        )
    } catch (error) {
      tx.rollback()
      throw error
    } finally {
      tx.seal()
    }
    if (tx.ops.length > 0 && this.writer) await this.writer.write(tx)
    else if (!this.isVisible(mark)) await this.whenVisible(mark)
    try {
      this.onCommit?.(tx)
    } catch (error) {
      // The write is on disk: a failing listener must not turn it into an error answer.
      this.options.log?.(`a commit listener failed: ${(error as Error)?.stack ?? String(error)}`)
    }
    return result
  }

  /**
   * Commit-wait, for anything about to show data: take `mark()` before reading; `isVisible(mark)`
   * says whether everything applied so far is on disk and nothing was rolled back since, else
   * `whenVisible(mark)` resolves once it is, or rejects with the storage error of a write the
   * disk refused since the mark (the reader may have seen what was rolled back).
   */
  mark(): number {
    return this.writer?.failures ?? 0
  }

  isVisible(mark: number): boolean {
    return this.writer?.isVisible(mark) ?? true
  }

  whenVisible(mark: number): Promise<void> {
    return this.writer?.whenVisible(mark) ?? Promise.resolve()
  }

  /** Waits for every acknowledged write and any fold under way. */
  async settle(): Promise<void> {
    while (this.writer?.applied !== this.writer?.settled || this.folding)
      await Promise.allSettled([this.writer?.idle(), this.folding])
  }

  /** Flushes, writes every row to the db file, removes the journal and releases the lock; a second call waits for the first. */
  close(): Promise<void> {
    this.closing ??= this.shutDown()
    return this.closing
  }

  /**
   * Every row as it stands, by collection. Arrays of references: rows are never changed in place,
   * so they stay a picture of this moment however long writing them takes.
   */
  snapshot(): DbRows {
    const rows: DbRows = {}
    for (const [name, collection] of eachCollection(this.collections)) rows[name] = Array.from(collection.values())
    return rows
  }

  private async shutDown(): Promise<void> {
    try {
      await this.settle()
      if (!this.writer) return
      try {
        this.dbBytes = await writeDbFile(this.path, { seq: this.writer.seq, rows: this.snapshot() })
      } catch (error) {
        throw new StoreError(
          500,
          `could not write ${this.path} on close (${reasonOf(error)}); its journal ${this.journalPath} was kept and is replayed at the next start. Check disk space and permissions.`,
        )
      }
      await this.writer.close()
      await rm(this.journalPath, { force: true })
    } finally {
      this.releaseLock?.()
    }
  }

  private initialise(): void {
    if (!this.options.init) return
    const tx = new Tx(this.collections)
    this.options.init(tx, this)
    tx.seal()
  }

  private async load(): Promise<void> {
    const path = this.path
    await removeTemporaryFiles(path)
    let db: (DbFile & { bytes: number }) | string | null
    try {
      db = await readDbFile(path)
    } catch (error) {
      throw dbRefused(path, `it cannot be read (${reasonOf(error)})`)
    }
    if (typeof db === 'string') throw dbRefused(path, db)
    if (existsSync(`${this.journalPath}.next`))
      throw new StoreError(
        500,
        `journal ${this.journalPath}.next was left by an earlier version of store while it folded the journal. Start that version once on this db and stop it with Ctrl+C, then start this one.`,
      )
    if (db === null) {
      if (existsSync(this.journalPath))
        throw new StoreError(
          500,
          `db file ${path} is missing but its journal ${this.journalPath} exists. Restore the db file, or move the journal aside to start anew.`,
        )
      try {
        this.initialise()
      } catch (error) {
        throw new StoreError(
          500,
          `db file ${path} was not created: filling it failed (${reasonOf(error)}). Nothing was written.`,
        )
      }
      db = { seq: 0, rows: this.snapshot(), bytes: await writeDbFile(path, { seq: 0, rows: this.snapshot() }) }
    } else {
      const duplicate = this.fill(db.rows)
      if (duplicate) throw dbRefused(path, duplicate)
    }
    this.dbBytes = db.bytes
    const replayed = await replayJournal(this.journalPath, path, db.seq, this.collections)
    const orphan = this.orphanRow()
    if (orphan) throw dbRefused(path, replayed ? `with its journal replayed, ${orphan}` : orphan)
    if (replayed?.torn)
      this.options.log?.(
        `journal ${this.journalPath}: ignored a torn last line (${replayed.torn} bytes) left by an interrupted write`,
      )
    if (!replayed) await writeFileDurably(this.journalPath, journalHeader(db.seq))
    const file = await this.io.openForAppend(this.journalPath)
    const bytes = replayed?.bytes ?? Buffer.byteLength(journalHeader(db.seq))
    if (replayed?.torn) {
      await file.truncate(bytes)
      await file.sync()
    }
    this.writer = new JournalWriter(file, this.journalPath, { seq: replayed?.last ?? db.seq, bytes }, this.options.log)
    this.writer.onIdle = () => this.foldIfDue()
    this.nextFoldAt = this.foldThreshold()
    this.foldIfDue()
  }

  /** Loads the db file's rows; the problem when a key repeats. */
  private fill(rows: DbRows): string | undefined {
    for (const [name, list] of Object.entries(rows)) {
      const collection = collectionNamed(this.collections, name as CollectionName)
      const at = list.findIndex((row) => collection.set(row) !== undefined)
      if (at >= 0)
        return `${name}[${at}] has the key ${JSON.stringify(collection.keyOf(list[at]))} of an earlier row; each row needs its own`
    }
    return undefined
  }

  /** The first shop or key of no account, or row of a shop's own collection that names no shop. */
  private orphanRow(): string | undefined {
    for (const [name, collection] of eachCollection(this.collections)) {
      const owner = ownerOf(this.collections, name)
      for (const row of owner ? collection.values() : [])
        if (!owner!.owners.get(row[owner!.field] as string))
          return `${name} row ${JSON.stringify(row.id)} names ${owner!.kind} ${JSON.stringify(row[owner!.field])}, which it does not hold`
    }
    return undefined
  }

  private foldThreshold(): number {
    return this.options.foldAtBytes ?? Math.max(MIN_FOLD_BYTES, 2 * this.dbBytes)
  }

  /**
   * Once the journal has grown past the threshold and nothing is queued (memory is what the disk
   * holds): writes the rows as the new db file while appends go on, then, between two appends,
   * replaces the journal by one holding only the lines appended since, read back from its end. A
   * crash at any moment leaves the old db file with the whole journal, or the new one with a journal
   * whose lines up to the db file's `seq` are skipped at the next start. A failure leaves the journal
   * growing; the fold is tried again later.
   */
  private foldIfDue(): void {
    const writer = this.writer
    if (!writer || this.folding || this.closing || writer.bytes < this.nextFoldAt) return
    if (writer.applied !== writer.settled) return
    this.folding = this.fold(writer, { seq: writer.seq, rows: this.snapshot() }, writer.bytes).finally(() => {
      this.folding = undefined
      this.nextFoldAt = writer.bytes + this.foldThreshold()
    })
  }

  private async fold(writer: JournalWriter, db: DbFile, journalBytes: number): Promise<void> {
    const temporary = temporaryPathBeside(this.journalPath)
    let file: JournalFile | undefined
    try {
      const dbBytes = await writeDbFile(this.path, db)
      await writer.betweenWrites(async () => {
        const since = Buffer.alloc(writer.bytes - journalBytes)
        const journal = await open(this.journalPath)
        const read = await journal.read(since, 0, since.length, journalBytes).finally(() => journal.close())
        if (read.bytesRead !== since.length) throw new Error('the journal ended before its last append')
        const text = journalHeader(db.seq) + since.toString('utf8')
        await writeFileDurably(temporary, text)
        file = await this.io.openForAppend(temporary)
        await rename(temporary, this.journalPath)
        await syncFolder(dirname(this.journalPath))
        await writer
          .replaceFile(file, Buffer.byteLength(text))
          .close()
          .catch(() => undefined)
      })
      this.dbBytes = dbBytes
    } catch (error) {
      await file?.close().catch(() => undefined)
      await rm(temporary, { force: true }).catch(() => undefined)
      this.options.log?.(
        `folding ${this.journalPath} into ${this.path} failed (${reasonOf(error)}); it is tried again later`,
      )
    }
  }
}

function dbRefused(path: string, problem: string): StoreError {
  return new StoreError(
    500,
    `db file ${path} was refused: ${problem}. It was left untouched; fix it or start with another --db.`,
  )
}
