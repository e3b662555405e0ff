import { open, readFile, rename, unlink } from 'node:fs/promises'
import { dirname, basename, join } from 'node:path'
import type { Adapter } from 'lowdb'

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

export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`)
  const handle = await open(temporary, 'w', 0o600)
  try {
    await handle.writeFile(text)
    await handle.sync()
  } catch (error) {
    await handle.close()
    await unlink(temporary).catch(() => undefined)
    throw error
  }
  await handle.close()
  await rename(temporary, path)
  await syncFolder(dirname(path))
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined)
  if (!handle) return
  await handle.sync().catch(() => undefined)
  await handle.close()
}
