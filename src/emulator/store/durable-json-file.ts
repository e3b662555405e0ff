import { open, readFile, rename, unlink } from 'node:fs/promises'
import { dirname, basename, join } from 'node:path'
import type { Adapter } from 'lowdb'
import { syncFolder } from './journal-io.js'

/**
 * lowdb adapter whose writes are atomic and durable: the JSON goes to a temporary file in the
 * same folder, is fsynced, then renamed over the db file, so the file is never half-written.
 * `read` returns null for a missing file and throws for anything unreadable.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  constructor(readonly path: string) {}

  async read(): Promise<T | null> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    return JSON.parse(text) as T
  }

  async write(data: T): Promise<void> {
    await writeFileAtomically(this.path, JSON.stringify(data))
  }
}

let sequence = 0

/** The prefix of every temporary file written beside `path`; left-overs of a crash are removed at open. */
export function temporaryPrefix(path: string): string {
  return `.${basename(path)}.`
}

export async function writeFileAtomically(path: string, text: string): Promise<void> {
  // pid + sequence: two writers (or two writes of one process) never share a temporary file.
  const temporary = join(dirname(path), `${temporaryPrefix(path)}${process.pid}.${++sequence}.tmp`)
  const handle = await open(temporary, 'w', 0o600)
  try {
    try {
      await handle.writeFile(text)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
  await syncFolder(dirname(path))
}
