/** Durable file writes and line-by-line reading, for the store's files and saved states alike. */
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { open, readdir, rename, unlink, stat, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Writes every byte at `position` (the handle's own by default): one write takes fewer when the system says so. */
export async function writeAll(handle: FileHandle, bytes: Uint8Array, position?: number): Promise<void> {
  for (let at = 0; at < bytes.length; )
    at += (await handle.write(bytes, at, bytes.length - at, position === undefined ? null : position + at)).bytesWritten
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

/** A temporary path beside `path`, `.<name>.<pid>.<uuid>.tmp`: two writers never share one. */
export function temporaryPathBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomUUID()}.tmp`)
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
 * journal larger than the longest string a process can hold is read too. Returns the bytes of the
 * complete lines and of what follows the last newline (a torn write), which is not handed over.
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
      if (pending !== undefined) {
        onLine(pending)
        bytes += Buffer.byteLength(pending) + 1
      }
      pending = line
    }
  } finally {
    input.destroy()
  }
  if (pending === undefined) return { bytes, torn: 0 }
  const last = Buffer.byteLength(pending)
  // The last line is whole when the file ends with its newline.
  if (bytes + last < size) {
    onLine(pending)
    return { bytes: bytes + last + 1, torn: 0 }
  }
  return { bytes, torn: last }
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
