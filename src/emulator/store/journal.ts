import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import { StoreError } from '../../contract/errors.js'
import { collectionNamed, type CollectionName, type Collections } from './collections.js'
import { forEachLine, writeAll } from '../files.js'
import { ROW_SCHEMAS } from '../../contract/rows.js'
import { checkRow, type JournalOp, type Tx } from './tx.js'

/**
 * The journal beside the db file (`<db>.journal`): a header line naming the transaction it
 * follows, then one line per transaction, numbered one past the one before:
 *
 * ```
 * {"journal":2,"after":1040}
 * {"seq":1041,"ops":[{"c":"products","put":{…}},{"c":"events","put":{…}}]}
 * {"seq":1042,"ops":[{"c":"products","del":"prod_…"}]}
 * ```
 */
export const journalHeader = (after: number) => `{"journal":2,"after":${after}}\n`

/** The journal as the writer appends to it; opened through `StoreOptions.io` so tests can make the disk fail. */
export interface JournalFile {
  append(bytes: Uint8Array): Promise<void>
  sync(): Promise<void>
  /** `append` returns once its bytes are on disk (the file was opened with O_DSYNC): no `sync` follows it. */
  readonly isDurableOnAppend?: boolean
  truncate(size: number): Promise<void>
  close(): Promise<void>
}

export interface JournalIO {
  openForAppend(path: string): Promise<JournalFile>
}

export const nodeJournalIO: JournalIO = {
  async openForAppend(path) {
    const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | (constants.O_DSYNC ?? 0), 0o600)
    let end = (await handle.stat()).size
    return {
      isDurableOnAppend: constants.O_DSYNC !== undefined,
      // One write for the whole batch: appendFile would cut it into 512 KB writes, each a turn of the event loop.
      append: async (bytes) => {
        await writeAll(handle, bytes, end)
        end += bytes.length
      },
      sync: () => handle.datasync(),
      truncate: async (size) => {
        await handle.truncate(size)
        end = size
      },
      close: () => handle.close(),
    }
  },
}

export const reasonOf = (error: unknown) =>
  (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error)

const moveAside = (dbPath: string) =>
  `The db was not loaded and no file was changed. Restore the journal (and the db file it belongs to) from a backup, or move it aside to start from ${dbPath} alone, losing the changes it holds.`

/**
 * Applies the lines of the journal at `path` that come after transaction `dbSeq` (those up to it
 * are in the db file already) to `collections`. Refuses, naming the file, the line and what to do:
 * a missing or foreign header, a corrupt complete line, and lines lost, repeated or out of order.
 * Returns the newest transaction it holds (its header's when it has none), the bytes of its
 * complete lines and of the torn line after them (an append a crash interrupted); undefined when
 * there is no journal.
 */
export async function replayJournal(path: string, dbPath: string, dbSeq: number, collections: Collections) {
  const refuse = (problem: string) => new StoreError(500, `journal ${path} ${problem}. ${moveAside(dbPath)}`)
  let n = 0
  let last = -1
  const apply = (line: string) => {
    if (++n === 1) {
      const header = /^\{"journal":(\d+),"after":(\d{1,15})\}$/.exec(line)
      if (!header)
        throw refuse(
          line.startsWith('{"journal":1,')
            ? 'was written by an earlier version of store. Start that version once on this db and stop it with Ctrl+C (it folds the journal into the db file), then start this one'
            : 'does not begin with its header line: it was truncated or overwritten, and the changes it held are lost',
        )
      last = Number(header[2])
      if (last > dbSeq)
        throw refuse(
          `continues from transaction ${last}, but ${dbPath} holds transactions only up to ${dbSeq}: transactions ${dbSeq + 1} to ${last} are missing (is ${dbPath} an older copy?)`,
        )
      return
    }
    const entry = parseLine(line)
    if (typeof entry === 'string') throw refuse(`line ${n} is corrupt: ${entry}`)
    if (entry.seq !== last + 1)
      throw refuse(
        `line ${n} holds transaction ${entry.seq} where transaction ${last + 1} was expected: ${entry.seq <= last ? 'lines were repeated or reordered' : 'lines are missing'}`,
      )
    last = entry.seq
    if (entry.seq <= dbSeq) return
    for (const op of entry.ops) {
      const collection = collectionNamed(collections, op.c as CollectionName)
      if ('put' in op) collection.set(op.put)
      else collection.delete(op.del)
    }
  }
  let read: Awaited<ReturnType<typeof forEachLine>>
  try {
    read = await forEachLine(path, apply)
  } catch (error) {
    if (error instanceof StoreError) throw error
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StoreError(500, `journal ${path} cannot be read (${reasonOf(error)}). ${moveAside(dbPath)}`)
  }
  if (n === 0)
    throw refuse(
      'is empty, but every journal starts with a header line: it was truncated, and the changes it held are lost',
    )
  if (last < dbSeq)
    throw refuse(
      `ends at transaction ${last}, but ${dbPath} already holds transactions up to ${dbSeq}: they are not a pair (one of them restored from another time?)`,
    )
  return { last, ...read }
}

/** One journal line as a transaction, or what is wrong with it; every row is checked against the db schema. */
function parseLine(line: string): { seq: number; ops: JournalOp[] } | string {
  let entry: { seq?: unknown; ops?: unknown }
  try {
    entry = JSON.parse(line) ?? {}
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`
  }
  const { seq, ops } = entry
  if (!Number.isSafeInteger(seq) || !Array.isArray(ops)) return 'not a transaction ({"seq": <number>, "ops": […]})'
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as { c?: unknown; put?: unknown; del?: unknown } | null
    const c = op?.c
    if (typeof c !== 'string' || !Object.hasOwn(ROW_SCHEMAS, c))
      return `ops[${i}]: unknown collection ${JSON.stringify(c)}`
    if (op && 'put' in op) {
      const problem = checkRow(c as keyof typeof ROW_SCHEMAS, op.put)
      if (problem) return `ops[${i}]: ${c} row ${problem}`
    } else if (typeof op?.del !== 'string') return `ops[${i}]: neither a put nor a delete`
  }
  return { seq: seq as number, ops: ops as JournalOp[] }
}

interface Queued {
  tx: Tx
  line: string
  resolve: () => void
  reject: (error: Error) => void
}

/**
 * Makes transactions durable in the order they were applied to memory (group commit): whatever
 * queued while a write was on its way goes out as one append and one sync. When the disk refuses a
 * write, that transaction and every later one not yet on disk (built on it) are rolled back, newest
 * first, and rejected. Between two appends it runs the work handed to `betweenWrites` (the journal
 * rewritten after a fold), so nothing is appended meanwhile.
 */
export class JournalWriter {
  /** Transactions applied to memory, and of those, how many are settled (on disk, or rolled back). */
  applied = 0
  settled = 0
  /** Writes the disk refused: a reader that read before one may have seen what was rolled back. */
  failures = 0
  /** The newest transaction on disk, and the journal's size. */
  seq: number
  bytes: number
  private queue: Queued[] = []
  /** The newest transaction's promise: the others settle before it. */
  private lastWrite?: Promise<void>
  private chores: (() => Promise<void>)[] = []
  private running?: Promise<void>
  /** A failed append may have left bytes past `bytes`: they are cut before the next append. */
  private isTailDirty = false
  private lastFailure?: StoreError
  /** The number of the newest transaction queued. */
  private queuedSeq: number
  /** Called when the last queued transaction is settled. */
  onIdle?: () => void

  constructor(
    private file: JournalFile,
    /** The file appended to. */
    private readonly path: string,
    at: { seq: number; bytes: number },
    private readonly log?: (line: string) => void,
  ) {
    this.seq = this.queuedSeq = at.seq
    this.bytes = at.bytes
  }

  /** Queues a transaction already applied to memory; resolves once it is on disk. */
  write(tx: Tx): Promise<void> {
    const line = `${JSON.stringify({ seq: ++this.queuedSeq, ops: tx.ops })}\n`
    this.applied++
    this.lastWrite = new Promise((resolve, reject) => {
      this.queue.push({ tx, line, resolve, reject })
      this.running ??= this.run()
    })
    return this.lastWrite
  }

  /** Runs `chore` once no append is on its way; writes queued meanwhile wait for it. */
  betweenWrites<T>(chore: () => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      this.chores.push(() => chore().then(resolve, reject))
      this.running ??= this.run()
    })
  }

  /** Swaps the file appended to (a new journal of `bytes`); returns the one it replaces. */
  replaceFile(file: JournalFile, bytes: number): JournalFile {
    const previous = this.file
    this.file = file
    this.bytes = bytes
    this.isTailDirty = false
    return previous
  }

  /** Whether everything applied to memory is on disk and nothing was rolled back since `failures` was `mark`. */
  isVisible(mark: number): boolean {
    return this.settled === this.applied && this.failures === mark
  }

  /** Resolves once everything applied so far is on disk; rejects once a write was refused since `mark`. */
  async whenVisible(mark: number): Promise<void> {
    if (this.settled !== this.applied) await this.lastWrite?.catch(() => undefined)
    if (this.failures !== mark) throw this.lastFailure
  }

  /** Resolves once nothing is queued or being written. */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  close(): Promise<void> {
    return this.file.close().catch(() => undefined)
  }

  private async run(): Promise<void> {
    try {
      while (this.queue.length || this.chores.length) {
        for (const chore of this.chores.splice(0)) await chore()
        if (!this.queue.length) continue
        const batch = this.queue
        this.queue = []
        const text = batch.map((q) => q.line).join('')
        try {
          if (this.isTailDirty) await this.file.truncate(this.bytes)
          this.isTailDirty = true
          await this.file.append(Buffer.from(text))
          if (!this.file.isDurableOnAppend) await this.file.sync()
          this.isTailDirty = false
        } catch (error) {
          // Cut what the failed append may have left, so that "not saved" is true at the next start too.
          await this.file
            .truncate(this.bytes)
            .then(() => (this.isTailDirty = false))
            .catch(() => undefined)
          this.fail([...batch, ...this.queue.splice(0)], error)
          continue
        }
        this.bytes += Buffer.byteLength(text)
        this.seq += batch.length
        this.settled += batch.length
        for (const q of batch) q.resolve()
      }
    } finally {
      this.running = undefined
    }
    this.onIdle?.()
  }

  private fail(failed: Queued[], error: unknown): void {
    for (let i = failed.length - 1; i >= 0; i--) failed[i].tx.rollback()
    this.queuedSeq = this.seq
    // A tail that could not be cut may hold the whole line: the next start would replay it.
    const storeError = new StoreError(
      500,
      this.isTailDirty
        ? `storage: the change could not be confirmed on ${this.path} (${reasonOf(error)}): it may be there after a restart. Check disk space and permissions, then read the record back before retrying.`
        : `storage: the change could not be written to ${this.path} (${reasonOf(error)}) and was not saved. Check disk space and permissions, then retry.`,
    )
    this.failures++
    this.lastFailure = storeError
    this.log?.(
      `write to ${this.path} failed (${reasonOf(error)}); ${failed.length} change(s) rolled back and answered 500`,
    )
    this.settled += failed.length
    for (const q of failed) q.reject(storeError)
  }
}
