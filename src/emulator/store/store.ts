import { StoreError } from '../../spec/errors.js'
import { createCollections, type Collections } from './collections.js'
import { Compactor } from './compaction.js'
import type { DbFile } from './db-file.js'
import { DurableJsonFile } from './durable-json-file.js'
import { journalHeaderLine, journalPathsOf, type JournalPaths } from './journal-format.js'
import { nodeJournalIO, type JournalIO } from './journal-io.js'
import { JournalWriter, reasonOf, rowsOnDisk } from './journal-writer.js'
import { loadDb } from './loader.js'
import { acquireLock } from './lock.js'
import { PendingReads } from './pending-reads.js'
import { Tx } from './tx.js'

export { Tx } from './tx.js'

export interface StoreOptions {
  /** Path of the db file, or `:memory:`. */
  path: string
  /** Fills a new db; runs only when the file does not exist yet. */
  init?: (tx: Tx, store: Store) => void
  /**
   * Journal size that triggers folding it into the db file off the request path. Without it, the
   * larger of 16 MB and twice the db file's size, so the cost of rewriting the db file stays a fixed
   * share of the writes however large the store grows.
   */
  compactAtBytes?: number
  io?: JournalIO
  pid?: number
  log?: (line: string) => void
}

/**
 * The emulator's data: every collection in memory with its indexes, made durable by an
 * append-only journal (one numbered line per transaction, group-committed with one fsync per
 * batch: journal-writer.ts) that is folded into the db file when it grows (streamed from memory,
 * between requests: compaction.ts) and on close. Opening reads the db file and replays the
 * journals, refusing damaged files (loader.ts, journal-replay.ts).
 */
export class Store {
  readonly c: Collections = createCollections()
  /** Called with each transaction once it is durable (events go out from here). */
  onCommit?: (tx: Tx) => void
  private readonly writer: JournalWriter
  private readonly pendingReads = new PendingReads()
  private readonly paths: JournalPaths
  /** The db file (undefined in memory). */
  private readonly file?: DurableJsonFile
  private readonly compactor?: Compactor
  private releaseLock?: () => void
  private closing?: Promise<void>

  private constructor(
    private readonly options: StoreOptions,
    private readonly io: JournalIO,
  ) {
    this.paths = journalPathsOf(options.path)
    for (const collection of Object.values(this.c)) collection.reportReadsTo(this.pendingReads)
    this.writer = new JournalWriter(this.c, this.pendingReads, this.paths.journal, options.log)
    if (this.isMemory) return
    this.file = new DurableJsonFile(options.path)
    this.compactor = new Compactor(this.file, this.writer, {
      paths: this.paths,
      io,
      compactAtBytes: options.compactAtBytes,
      log: options.log,
    })
    this.writer.afterBatch = this.compactor.afterBatch
  }

  get path(): string {
    return this.options.path
  }

  get isMemory(): boolean {
    return this.options.path === ':memory:'
  }

  /** Bytes the store takes on disk: the db file as last written plus the journal since (0 in memory). */
  get diskBytes(): number {
    return (this.file?.bytes ?? 0) + (this.isMemory ? 0 : this.writer.size)
  }

  /**
   * Opens (or creates) a store. Refuses, with a StoreError naming the file and what to do, a db
   * file that is unreadable, invalid or missing a collection, a journal that is corrupt, lost its
   * header or lines, or does not belong to the db file, and a db another process holds.
   */
  static async open(options: StoreOptions): Promise<Store> {
    const io = options.io ?? nodeJournalIO
    if (options.path === ':memory:') {
      const store = new Store(options, io)
      store.initialise()
      return store
    }
    const releaseLock = acquireLock(options.path, options.pid ?? process.pid)
    try {
      const store = new Store(options, io)
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
   * with a 500 StoreError, together with every later transaction not yet on disk. A change that
   * writes nothing but read a change not yet on disk waits until every transaction applied
   * before it is on disk, and rejects with that error when one of them is refused.
   */
  async tx<R>(change: (tx: Tx) => R): Promise<R> {
    if (this.closing) throw new StoreError(503, 'the emulator is shutting down; retry against the next instance')
    const mark = this.writer.mark()
    const tx = new Tx(this.c)
    let ran: { result: R; hasSeenPending: boolean }
    let written: Promise<void> | undefined
    try {
      ran = this.pendingReads.during(() => change(tx))
      if (typeof (ran.result as { then?: unknown })?.then === 'function') {
        throw new StoreError(
          500,
          'internal error: store.tx was given an async function; its changes must be made synchronously',
        )
      }
      if (tx.ops.length > 0) written = this.writer.write(tx)
    } catch (error) {
      tx.rollback()
      throw error
    } finally {
      tx.seal()
    }
    if (written) await written
    else if (ran.hasSeenPending) await this.writer.whenVisible(mark)
    try {
      this.onCommit?.(tx)
    } catch (error) {
      // The write is on disk: a failing listener must not turn it into an error answer.
      this.options.log?.(`a commit listener failed: ${(error as Error)?.stack ?? String(error)}`)
    }
    return ran.result
  }

  /**
   * Commit-wait, for anything about to show the data (an HTTP answer): take `mark()` before
   * reading. Then `isVisible(mark)` says whether what was read since can be shown: nothing read
   * outside a transaction saw a change not yet on disk, or everything applied to memory is on
   * disk (cheap, no promise: the common case). Otherwise `whenVisible(mark)` resolves once every
   * transaction applied so far is on disk, or rejects with the 500 StoreError of a write the disk
   * refused since the mark, whose rolled-back changes the reader may have seen.
   */
  mark(): number {
    return this.writer.mark()
  }

  isVisible(mark: number): boolean {
    return this.writer.isVisible(mark)
  }

  whenVisible(mark: number): Promise<void> {
    return this.writer.whenVisible(mark)
  }

  /** Waits for every acknowledged write and any fold in progress. */
  async settle(): Promise<void> {
    while (this.writer.busy || this.compactor?.folding)
      await Promise.allSettled([this.writer.busy, this.compactor?.folding])
  }

  /** Flushes, folds everything into the db file and releases the lock. Calling it again waits for the first call. */
  close(): Promise<void> {
    this.closing ??= this.shutDown()
    return this.closing
  }

  snapshot(): DbFile {
    return rowsOnDisk(this.c, [])
  }

  private async shutDown(): Promise<void> {
    try {
      await this.settle()
      if (!this.file) return
      try {
        // Every transaction is on disk now (settled, and new ones are refused): the rows as they stand.
        await this.file.write(this.writer.rowsOnDisk(), { position: this.writer.position })
      } catch (error) {
        throw new StoreError(
          500,
          `could not write ${this.options.path} on close (${reasonOf(error)}); its journal ${this.paths.journal} was kept and is replayed at the next start. Check disk space and permissions.`,
        )
      }
      await this.writer.close()
      // .journal.old first: a crash between the two leaves .journal, whose lines the db file holds.
      await this.io.unlink(this.paths.oldJournal)
      await this.io.unlink(this.paths.journal)
    } finally {
      this.releaseLock?.()
    }
  }

  private initialise(): void {
    if (!this.options.init) return
    const tx = new Tx(this.c)
    this.options.init(tx, this)
    tx.seal()
  }

  private async load(): Promise<void> {
    const loaded = await loadDb({
      file: this.file!,
      paths: this.paths,
      io: this.io,
      collections: this.c,
      initialise: () => this.initialise(),
      log: this.options.log,
    })
    const { position } = loaded
    if (!loaded.hasJournal)
      await this.io.create(
        this.paths.journal,
        journalHeaderLine({ generation: position.generation, after: position.seq }),
      )
    const journal = await this.io.openForAppend(this.paths.journal)
    this.writer.attach(journal, position, (await this.io.size(this.paths.journal)) ?? 0)
    this.compactor!.resetThreshold()
    if (loaded.fold) this.compactor!.startFold(loaded.fold.rows, loaded.fold.position)
  }
}
