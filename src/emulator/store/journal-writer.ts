import { StoreError } from '../../spec/errors.js'
import type { AnyCollection, Collections } from './collections.js'
import type { Row } from './collection.js'
import type { DbFile } from './db-file.js'
import { appendJournalLine, type DbPosition } from './journal-format.js'
import type { JournalFile } from './journal-io.js'
import { LineBuffer } from './line-buffer.js'
import type { PendingReads } from './pending-reads.js'
import type { Tx } from './tx.js'

interface Pending {
  tx: Tx
  seq: number
  resolve: () => void
  reject: (error: Error) => void
}

/** Someone about to show what memory holds: waits for every transaction up to `seq`. */
interface Waiter {
  seq: number
  resolve: () => void
  reject: (error: Error) => void
}

export const reasonOf = (error: unknown) =>
  (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error)

/**
 * The rows as the journal has them: references to every row now, with the changes of `undone`
 * (transactions applied to memory but not on disk) taken back. Synchronous and cheap (arrays of
 * references); rows are never changed in place, so the arrays stay a consistent picture of this
 * moment however long writing them takes.
 */
export function rowsOnDisk(collections: Collections, undone: readonly Tx[]): DbFile {
  const previous = new Map<string, Map<string, Row | undefined>>()
  for (const tx of undone) {
    for (const change of tx.changes) {
      let keys = previous.get(change.name)
      if (!keys) previous.set(change.name, (keys = new Map()))
      // The oldest change of a key holds its value before every transaction undone.
      if (!keys.has(change.key)) keys.set(change.key, change.previous)
    }
  }
  const data: DbFile = { version: 1 }
  for (const [name, collection] of Object.entries(collections) as unknown as [string, AnyCollection][]) {
    // Native copies and object lookups only: a large store's snapshot holds up no request.
    let rows: Row[] = Array.from(collection.values())
    const keys = previous.get(name)
    if (keys) {
      const changed = new Set<Row>()
      for (const key of keys.keys()) {
        const row = collection.get(key)
        if (row) changed.add(row)
      }
      if (changed.size) rows = rows.filter((row) => !changed.has(row))
      for (const row of keys.values()) if (row) rows.push(row)
    }
    data[name] = rows
  }
  return data
}

/**
 * Makes transactions durable, in the order they were applied to memory: each is one journal line
 * numbered one past the one before; whatever queued while a write was on its way goes out as one
 * durable append (group commit: a write and an fsync, or one synchronous write). When the disk
 * refuses a write, that transaction and every later one not yet on disk (they were built on it)
 * are rolled back, newest first, and rejected.
 *
 * It also answers, for anyone about to show data (commit-wait), whether what they read could
 * include a change not yet on disk (the collections hold the keys of pending changes and count
 * reads of them), and waits until it is, or tells them it was rolled back.
 */
export class JournalWriter {
  private file?: JournalFile
  private bytes = 0
  /** A failed append may have left bytes past `bytes`; they are cut before the next append. */
  private hasDirtyTail = false
  private pending: Pending[] = []
  /** The lines of `pending`; and the buffer the batch on its way was written from, reused for the next. */
  private lines = new LineBuffer()
  private spare = new LineBuffer()
  private waiters: Waiter[] = []
  private flushing?: Promise<void>
  private generation = 0
  /** The newest transaction applied to memory and queued for the journal. */
  private queuedSeq = 0
  /** The newest transaction on disk. */
  private durableSeq = 0
  /** `pendingReads.exposures` just after the newest rollback. */
  private lastRollbackAt = 0
  private lastFailure?: StoreError
  /** Runs after each batch reached disk, before the next is written (rotation); undefined when there is nothing to do. */
  afterBatch?: () => Promise<void> | undefined

  constructor(
    private readonly collections: Collections,
    private readonly pendingReads: PendingReads,
    private readonly path: string,
    private readonly log?: (line: string) => void,
  ) {}

  /** Starts appending to `file` (of `bytes` bytes), whose last transaction is `position.seq`. */
  attach(file: JournalFile, position: DbPosition, bytes: number): void {
    this.file = file
    this.generation = position.generation
    this.queuedSeq = this.durableSeq = position.seq
    this.bytes = bytes
  }

  /** Swaps in a new journal of `generation` (rotation) and returns the one it replaces. */
  replaceFile(file: JournalFile, generation: number, bytes: number): JournalFile | undefined {
    const previous = this.file
    this.file = file
    this.generation = generation
    this.bytes = bytes
    return previous
  }

  /** Size of the journal appended to. */
  get size(): number {
    return this.bytes
  }

  /** The journal's generation and its newest transaction on disk. */
  get position(): DbPosition {
    return { generation: this.generation, seq: this.durableSeq }
  }

  /** The batch being written (undefined when idle). */
  get busy(): Promise<void> | undefined {
    return this.flushing
  }

  /** The rows as the journal has them (see `rowsOnDisk`). */
  rowsOnDisk(): DbFile {
    return rowsOnDisk(
      this.collections,
      this.pending.map((p) => p.tx),
    )
  }

  /**
   * Queues a transaction already applied to memory. Resolves once its line is on disk; rejects
   * with a 500 StoreError (the transaction rolled back) when the disk refuses it or an earlier
   * one. Undefined when there is no journal (an in-memory store): nothing to wait for.
   */
  write(tx: Tx): Promise<void> | undefined {
    if (!this.file) return undefined
    const seq = this.queuedSeq + 1
    const start = this.lines.length
    try {
      appendJournalLine(this.lines, seq, tx.ops)
    } catch (error) {
      this.lines.cut(start)
      throw error
    }
    this.queuedSeq = seq
    for (const change of tx.changes) change.collection.hold(change.key)
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ tx, seq, resolve, reject })
      this.flushing ??= this.flush()
    })
  }

  /**
   * Runs `afterBatch` now when no batch is on its way (one that is runs it when it ends): a fold
   * that ended may find the journal already past the size that starts the next one, and a store
   * that takes no further write (a full one refuses them) would otherwise never fold it. Writes
   * queued meanwhile wait for it, as they wait for a batch.
   */
  runAfterBatchWhenIdle(): void {
    if (this.flushing || !this.file) return
    const after = this.afterBatch?.()
    if (!after) return
    this.flushing = (async () => {
      try {
        await after
      } finally {
        this.flushing = undefined
      }
      if (this.pending.length) this.flushing ??= this.flush()
    })()
  }

  /** Taken before reading; `isVisible`/`whenVisible` then know what happened since. */
  mark(): number {
    return this.pendingReads.exposures
  }

  /**
   * Nothing read since `mark` outside a transaction saw a change not yet on disk (and no
   * rollback happened), or everything applied to memory is on disk and none was rolled back.
   */
  isVisible(mark: number): boolean {
    return mark === this.pendingReads.exposures || (this.queuedSeq === this.durableSeq && this.lastRollbackAt <= mark)
  }

  /**
   * Resolves once every transaction applied to memory so far is on disk. Rejects with the 500
   * StoreError of the failed write when the disk refused one since `mark` (what was read may
   * include what was rolled back).
   */
  whenVisible(mark: number): Promise<void> {
    if (this.lastRollbackAt > mark) return Promise.reject(this.lastFailure)
    if (this.queuedSeq === this.durableSeq) return Promise.resolve()
    return new Promise((resolve, reject) => this.waiters.push({ seq: this.queuedSeq, resolve, reject }))
  }

  async close(): Promise<void> {
    await this.file?.close().catch(() => undefined)
    this.file = undefined
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length) {
        const batch = this.pending
        const lines = this.lines
        this.pending = []
        this.lines = this.spare
        this.spare = lines
        try {
          if (this.hasDirtyTail) await this.cutDirtyTail()
          this.hasDirtyTail = true
          const file = this.file!
          await file.append(lines.bytes())
          if (!file.isDurableOnAppend) await file.sync()
          this.hasDirtyTail = false
        } catch (error) {
          lines.clear()
          this.failBatch(batch, error)
          // Cut what the failed append may have left, so no half line sits before the next one.
          await this.cutDirtyTail().catch(() => undefined)
          continue
        }
        this.bytes += lines.length
        lines.clear()
        this.durableSeq = batch[batch.length - 1].seq
        for (const p of batch) {
          for (const change of p.tx.changes) change.collection.release(change.key)
          p.resolve()
        }
        this.releaseWaiters()
        const after = this.afterBatch?.()
        if (after) await after
      }
    } finally {
      this.flushing = undefined
    }
  }

  private releaseWaiters(): void {
    let released = 0
    while (released < this.waiters.length && this.waiters[released].seq <= this.durableSeq)
      this.waiters[released++].resolve()
    if (released) this.waiters.splice(0, released)
  }

  private async cutDirtyTail(): Promise<void> {
    await this.file!.truncate(this.bytes)
    this.hasDirtyTail = false
  }

  private failBatch(batch: Pending[], error: unknown): void {
    // Later transactions were built on the failed ones: undo everything not on disk, newest first.
    const failed = [...batch, ...this.pending]
    this.pending = []
    this.lines.clear()
    for (let i = failed.length - 1; i >= 0; i--) {
      const { tx } = failed[i]
      for (const change of tx.changes) change.collection.release(change.key)
      tx.rollback()
    }
    // The numbers of the rolled-back transactions were never written: the next one reuses them.
    this.queuedSeq = this.durableSeq
    const storeError = new StoreError(
      500,
      `storage: the change could not be written to ${this.path} (${reasonOf(error)}) and was not saved. Check disk space and permissions, then retry.`,
    )
    // Anyone who read since their mark may have seen what was rolled back.
    this.lastRollbackAt = ++this.pendingReads.exposures
    this.lastFailure = storeError
    this.log?.(
      `write to ${this.path} failed (${reasonOf(error)}); ${failed.length} change(s) rolled back and answered 500`,
    )
    for (const p of failed) p.reject(storeError)
    const waiters = this.waiters
    this.waiters = []
    for (const waiter of waiters) waiter.reject(storeError)
  }
}
