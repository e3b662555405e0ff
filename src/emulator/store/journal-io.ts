import { constants } from 'node:fs'
import { open, rename, unlink, stat, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { syncFolder, writeAll, writeFileDurably } from '../files.js'

/** The file operations the journal needs; injected so tests can make the disk fail. */
export interface JournalFile {
  /** Appends every byte (one write when the system takes them at once). */
  append(bytes: Uint8Array): Promise<void>
  sync(): Promise<void>
  /**
   * `append` returns only once its bytes are on disk (the file was opened for synchronous
   * writes), so no `sync` is needed after it: one trip to the disk instead of two.
   */
  readonly isDurableOnAppend?: boolean
  truncate(size: number): Promise<void>
  close(): Promise<void>
}

export interface JournalIO {
  /**
   * Creates (or replaces) a file holding `text`, atomically: it never exists empty or half
   * written, so a journal is always found with its header line.
   */
  create(path: string, text: string): Promise<void>
  openForAppend(path: string): Promise<JournalFile>
  /** Renames a file and makes the rename durable. */
  rename(from: string, to: string): Promise<void>
  unlink(path: string): Promise<void>
  size(path: string): Promise<number | undefined>
}

/** Writes, each of them durable when it returns where the system has O_DSYNC (Linux, macOS). */
const WRITE_DURABLY = constants.O_WRONLY | constants.O_CREAT | (constants.O_DSYNC ?? 0)

class NodeJournalFile implements JournalFile {
  constructor(
    private readonly handle: FileHandle,
    /** Where the next append goes. */
    private end: number,
  ) {}
  readonly isDurableOnAppend = constants.O_DSYNC !== undefined
  async append(bytes: Uint8Array) {
    // One write for the whole batch: appendFile would cut it into 512 KB writes, each a turn of the event loop.
    await writeAll(this.handle, bytes, this.end)
    this.end += bytes.length
  }
  async sync() {
    await this.handle.datasync()
  }
  async truncate(size: number) {
    await this.handle.truncate(size)
    this.end = size
  }
  async close() {
    await this.handle.close()
  }
}

export const nodeJournalIO: JournalIO = {
  create: (path, text) => writeFileDurably(path, text),
  async openForAppend(path) {
    const handle = await open(path, WRITE_DURABLY, 0o600)
    return new NodeJournalFile(handle, (await handle.stat()).size)
  },
  async rename(from, to) {
    await rename(from, to)
    await syncFolder(dirname(to))
  },
  unlink: (path) =>
    unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    }),
  async size(path) {
    try {
      return (await stat(path)).size
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  },
}
