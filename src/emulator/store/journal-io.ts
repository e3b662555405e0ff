import { constants, createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { open, readdir, rename, unlink, stat } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

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

/** Appends, each of them durable when it returns where the system has O_DSYNC (Linux, macOS). */
const APPEND_DURABLY =
  constants.O_DSYNC === undefined
    ? undefined
    : constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC

class NodeJournalFile implements JournalFile {
  constructor(
    private readonly handle: FileHandle,
    readonly isDurableOnAppend: boolean,
  ) {}
  async append(bytes: Uint8Array) {
    // One write for the whole batch: appendFile would cut it into 512 KB writes, each a turn of the event loop.
    await writeAll(this.handle, bytes)
  }
  async sync() {
    await this.handle.datasync()
  }
  async truncate(size: number) {
    await this.handle.truncate(size)
  }
  async close() {
    await this.handle.close()
  }
}

export const nodeJournalIO: JournalIO = {
  create: (path, text) => writeFileDurably(path, text),
  async openForAppend(path) {
    return new NodeJournalFile(await open(path, APPEND_DURABLY ?? 'a', 0o600), APPEND_DURABLY !== undefined)
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

/** Writes every byte at the handle's position: one write takes fewer when the system says so. */
export async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length; ) at += (await handle.write(bytes, at)).bytesWritten
}

/** fsync of a folder, so a file created or renamed in it survives a power cut (not just a crash). */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined)
  if (!handle) return
  try {
    await handle.sync()
  } catch {
    // Some file systems refuse fsync on a folder; the rename is still atomic there.
  } finally {
    await handle.close()
  }
}

let sequence = 0

/** A temporary path beside `path`, `.<name>.<pid>.<n>.tmp`: two writers never share one. */
export function temporaryPathBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${++sequence}.tmp`)
}

/** Removes what writes a crash interrupted (`.<db>*.tmp`, its journal's too); safe while holding the db's lock. */
export async function removeTemporaryFiles(dbPath: string): Promise<void> {
  const folder = dirname(dbPath)
  const prefix = `.${basename(dbPath)}.`
  const names = await readdir(folder).catch(() => [] as string[])
  for (const name of names)
    if (name.startsWith(prefix) && name.endsWith('.tmp')) await unlink(join(folder, name)).catch(() => undefined)
}

/**
 * Hands each line of a file to `onLine` (without its newline), read as a stream: a db file or
 * journal larger than the longest string a process can hold is read too. Returns the bytes of
 * the complete lines and of what follows the last newline (a torn write), which is not handed over.
 */
export async function forEachLine(
  path: string,
  onLine: (line: string) => void,
): Promise<{ bytes: number; torn: number }> {
  const size = (await stat(path)).size
  const input = createReadStream(path)
  let bytes = 0
  let pending: string | undefined
  try {
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (pending !== undefined) onLine(pending)
      pending = line
      bytes += Buffer.byteLength(line) + 1
    }
  } finally {
    input.destroy()
  }
  if (pending === undefined) return { bytes: 0, torn: 0 }
  if (bytes <= size) {
    onLine(pending)
    return { bytes, torn: size - bytes }
  }
  const torn = Buffer.byteLength(pending)
  return { bytes: bytes - torn - 1, torn }
}

/**
 * Creates or replaces a file, atomically and durably: `text` (or what `write` writes) goes to a
 * temporary file beside it, fsynced, renamed over it, and the folder fsynced. It never exists half
 * written. Returns what `write` returns.
 */
export async function writeFileDurably<T = void>(
  path: string,
  write: string | ((handle: FileHandle) => Promise<T>),
): Promise<T> {
  const temporary = temporaryPathBeside(path)
  let result: T
  try {
    const handle = await open(temporary, 'w', 0o600)
    try {
      result = typeof write === 'string' ? ((await handle.writeFile(write)) as T) : await write(handle)
      await handle.datasync()
    } finally {
      await handle.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
  await syncFolder(dirname(path))
  return result
}
