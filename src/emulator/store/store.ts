import { readFile } from 'node:fs/promises'
import { Low, Memory } from 'lowdb'
import { StoreError } from '../../spec/errors.js'
import { createCollections, type CollectionName, type Collections, type RowOf } from './collections.js'
import { DurableJsonFile } from './durable-json-file.js'
import { nodeJournalIO, type JournalFile, type JournalIO } from './journal-io.js'
import { foldJournalInWorker } from './compaction.js'
import { acquireLock } from './lock.js'
import { checkDbFile, parseJournalLine, type DbFile, type JournalOp } from './db-file.js'

export interface StoreOptions {
  /** Path of the lowdb JSON file, or `:memory:`. */
  path: string
  /** Fills a new db; runs only when the file does not exist yet. */
  init?: (tx: Tx, store: Store) => void
  /** Journal size that triggers folding it into the db file off the request path. */
  compactAtBytes?: number
  io?: JournalIO
  pid?: number
  log?: (line: string) => void
}

type Undo = () => void

/** The changes of one transaction: applied to memory at once, journalled as one line. */
export class Tx {
  readonly ops: JournalOp[] = []
  readonly undos: Undo[] = []
  constructor(private readonly collections: Collections) {}

  put<K extends CollectionName>(name: K, row: RowOf<K>): RowOf<K> {
    const collection = this.collections[name] as unknown as import('./collection.js').Collection<RowOf<K>>
    const previous = collection.set(row)
    this.undos.push(() => (previous ? collection.set(previous) : collection.delete(collection.keyOf(row))))
    this.ops.push({ c: name, put: row })
    return row
  }

  delete<K extends CollectionName>(name: K, key: string): void {
    const collection = this.collections[name] as unknown as import('./collection.js').Collection<RowOf<K>>
    const previous = collection.delete(key)
    if (!previous) return
    this.undos.push(() => collection.set(previous))
    this.ops.push({ c: name, del: key })
  }

  rollback(): void {
    for (let i = this.undos.length - 1; i >= 0; i--) this.undos[i]()
  }
}

interface Pending { tx: Tx; line: string; resolve: () => void; reject: (error: Error) => void }

const KEY_FIELDS: Record<string, string> = { themes: 'shopId:id' }
const DEFAULT_COMPACT_AT = 16 * 1024 * 1024

/**
 * The emulator's data: every collection in memory with its indexes, made durable by an
 * append-only journal (one line per transaction, group-committed with one fsync per batch) that
 * is folded into the lowdb JSON file by a worker when it grows and on close.
 */
export class Store {
  readonly c: Collections = createCollections()
  private journal?: JournalFile
  private journalSize = 0
  private pending: Pending[] = []
  private flushing?: Promise<void>
  private folding?: Promise<void>
  private releaseLock?: () => void
  private closed = false
  /** Called with each transaction once it is durable (events go out from here). */
  onCommit?: (tx: Tx) => void

  private constructor(private readonly low: Low<DbFile>, private readonly options: StoreOptions, private readonly io: JournalIO) {}

  get path(): string {
    return this.options.path
  }

  get isMemory(): boolean {
    return this.options.path === ':memory:'
  }

  private get journalPath() {
    return `${this.options.path}.journal`
  }

  private get oldJournalPath() {
    return `${this.options.path}.journal.old`
  }

  static async open(options: StoreOptions): Promise<Store> {
    const io = options.io ?? nodeJournalIO
    if (options.path === ':memory:') {
      const store = new Store(new Low<DbFile>(new Memory(), { version: 1 }), options, io)
      store.initialise()
      return store
    }
    const releaseLock = acquireLock(options.path, options.pid ?? process.pid)
    try {
      const low = new Low<DbFile>(new DurableJsonFile<DbFile>(options.path), { version: 1 })
      const store = new Store(low, options, io)
      store.releaseLock = releaseLock
      await store.load()
      return store
    } catch (error) {
      releaseLock()
      throw error
    }
  }

  /** Runs `change` on the data at once and resolves once it is on disk (never half-applied). */
  async tx<R>(change: (tx: Tx) => R): Promise<R> {
    if (this.closed) throw new StoreError(503, 'the emulator is shutting down; retry against the next instance')
    const tx = new Tx(this.c)
    let result: R
    try {
      result = change(tx)
    } catch (error) {
      tx.rollback()
      throw error
    }
    if (tx.ops.length > 0 && this.journal) {
      await new Promise<void>((resolve, reject) => {
        this.pending.push({ tx, line: `${JSON.stringify({ ops: tx.ops })}\n`, resolve, reject })
        this.flushing ??= this.flush()
      })
    }
    this.onCommit?.(tx)
    return result
  }

  /** Waits for every acknowledged write and any fold in progress. */
  async settle(): Promise<void> {
    while (this.flushing || this.folding) await Promise.allSettled([this.flushing, this.folding])
  }

  /** Flushes, folds everything into the db file and releases the lock. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.settle()
    if (!this.isMemory) {
      this.low.data = this.snapshot()
      await this.low.write()
      await this.journal?.close()
      this.journal = undefined
      await this.io.unlink(this.journalPath)
      await this.io.unlink(this.oldJournalPath)
    }
    this.releaseLock?.()
  }

  snapshot(): DbFile {
    const data: DbFile = { version: 1 }
    for (const [name, collection] of Object.entries(this.c)) data[name] = [...collection.values()]
    return data
  }

  private initialise(): void {
    if (!this.options.init) return
    const tx = new Tx(this.c)
    this.options.init(tx, this)
  }

  private async load(): Promise<void> {
    const path = this.options.path
    let data: DbFile | null
    try {
      data = await this.low.adapter.read()
    } catch (error) {
      const reason = error instanceof SyntaxError ? `it is not valid JSON (${error.message})` : `it cannot be read (${(error as Error).message})`
      throw new StoreError(500, `db file ${path} was refused: ${reason}. It was left untouched; fix it or start with another --db.`)
    }
    if (data === null) {
      if ((await this.io.size(this.journalPath)) !== undefined) {
        throw new StoreError(500, `db file ${path} is missing but its journal ${this.journalPath} exists. Restore the db file, or remove the journal to start anew.`)
      }
      this.initialise()
      this.low.data = this.snapshot()
      await this.low.write()
    } else {
      const problem = checkDbFile(data)
      if (problem) throw new StoreError(500, `db file ${path} was refused: ${problem}. It was left untouched; fix it or start with another --db.`)
      for (const [name, rows] of Object.entries(data)) {
        if (name === 'version') continue
        const collection = (this.c as Record<string, { set(row: unknown): unknown }>)[name]
        for (const row of rows as unknown[]) collection.set(row)
      }
      await this.replay(this.oldJournalPath, false)
      await this.replay(this.journalPath, true)
    }
    this.journal = await this.io.openForAppend(this.journalPath)
    this.journalSize = (await this.io.size(this.journalPath)) ?? 0
    if ((await this.io.size(this.oldJournalPath)) !== undefined) this.startFold()
  }

  /** Applies a journal's complete lines; a torn last line (a crash mid-append) is cut off. */
  private async replay(journalPath: string, isCurrent: boolean): Promise<void> {
    let text: string
    try {
      text = await readFile(journalPath, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw new StoreError(500, `journal ${journalPath} cannot be read (${(error as Error).message}); the db was not loaded.`)
    }
    const lines = text.split('\n')
    // Every complete line ends with a newline; only the piece after the last one can be torn.
    const tail = lines.pop() ?? ''
    let goodBytes = 0
    for (let i = 0; i < lines.length; i++) {
      const ops = parseJournalLine(lines[i])
      if (!ops) {
        throw new StoreError(500, `journal ${journalPath} line ${i + 1} is corrupt; the db was not loaded and nothing was changed. Move the journal aside to start from the db file alone (losing its changes), or repair that line.`)
      }
      this.apply(ops)
      goodBytes += Buffer.byteLength(lines[i]) + 1
    }
    const size = Buffer.byteLength(text)
    if (isCurrent && goodBytes < size) {
      const file = await this.io.openForAppend(journalPath)
      await file.truncate(goodBytes)
      await file.close()
      this.options.log?.(`journal ${journalPath}: ignored a torn last line (${size - goodBytes} bytes) left by an interrupted write`)
    }
  }

  private apply(ops: JournalOp[]): void {
    for (const op of ops) {
      const collection = (this.c as Record<string, { set(row: unknown): unknown; delete(key: string): unknown }>)[op.c]
      if ('put' in op) collection.set(op.put)
      else collection.delete(op.del)
    }
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length) {
        const batch = this.pending
        this.pending = []
        const text = batch.map((p) => p.line).join('')
        try {
          await this.journal!.append(text)
          await this.journal!.sync()
        } catch (error) {
          this.failBatch(batch, error as NodeJS.ErrnoException)
          continue
        }
        this.journalSize += Buffer.byteLength(text)
        for (const p of batch) p.resolve()
        if (this.journalSize >= (this.options.compactAtBytes ?? DEFAULT_COMPACT_AT) && !this.folding) await this.rotate()
      }
    } finally {
      this.flushing = undefined
    }
  }

  private failBatch(batch: Pending[], error: NodeJS.ErrnoException): void {
    void this.journal!.truncate(this.journalSize).catch(() => undefined)
    // Later transactions were built on the failed ones: undo everything not on disk, newest first.
    const failed = [...batch, ...this.pending]
    this.pending = []
    for (let i = failed.length - 1; i >= 0; i--) failed[i].tx.rollback()
    const reason = error.code ?? error.message
    const storeError = new StoreError(500, `storage: the change could not be written to ${this.journalPath} (${reason}) and was not saved. Check disk space and permissions, then retry.`)
    for (const p of failed) p.reject(storeError)
  }

  private async rotate(): Promise<void> {
    if ((await this.io.size(this.oldJournalPath)) !== undefined) return
    await this.journal!.close()
    await this.io.rename(this.journalPath, this.oldJournalPath)
    this.journal = await this.io.openForAppend(this.journalPath)
    this.journalSize = 0
    this.startFold()
  }

  private startFold(): void {
    this.folding = foldJournalInWorker(this.options.path, this.oldJournalPath, KEY_FIELDS)
      .catch((error: Error) => this.options.log?.(`compaction of ${this.oldJournalPath} failed (${error.message}); it stays on disk and is replayed at the next start`))
      .finally(() => (this.folding = undefined))
  }
}
