/** Durable file writes and line-by-line reading, for the store's files and saved states alike. */
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
 * journal larger than the longest string a process can hold is read too. Returns the bytes of the
 * complete lines and of what follows the last newline (a torn write), which is not handed over. A
 * journal's lines end at its first zero byte (JSON text holds none), where its zero-filled space
 * of `padded` bytes starts; `strayAt` is that start when anything but zeros follows in it.
 */
export async function forEachLine(
  path: string,
  onLine: (line: string) => void,
  isZeroFilled = false,
): Promise<{ bytes: number; torn: number; padded: number; strayAt?: number }> {
  const size = (await stat(path)).size
  const input = createReadStream(path)
  let bytes = 0
  let pending: string | undefined
  let zeros: { at: number; torn: number; isClean: boolean } | undefined
  const take = (line: string) => {
    onLine(line)
    bytes += Buffer.byteLength(line) + 1
  }
  try {
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (zeros) {
        // A line break inside the zero-filled space: something was written there.
        zeros.isClean = false
        break
      }
      if (pending !== undefined) take(pending)
      pending = line
      const zero = isZeroFilled ? line.indexOf('\0') : -1
      if (zero < 0) continue
      pending = undefined
      const torn = Buffer.byteLength(line.slice(0, zero))
      zeros = { at: bytes + torn, torn, isClean: /^\0*$/.test(line.slice(zero)) }
    }
  } finally {
    input.destroy()
  }
  if (zeros) return { bytes, torn: zeros.torn, padded: size - zeros.at, strayAt: zeros.isClean ? undefined : zeros.at }
  // The last line is whole when the file ends with its newline.
  if (pending === undefined || bytes + Buffer.byteLength(pending) < size) {
    if (pending !== undefined) take(pending)
    return { bytes, torn: 0, padded: 0 }
  }
  return { bytes, torn: Buffer.byteLength(pending), padded: 0 }
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
