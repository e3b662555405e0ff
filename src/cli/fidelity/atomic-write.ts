import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Writes `text` to `path` whole or not at all: into a temporary file beside it, flushed, then
 * renamed over it, so a reader (or a crash) never meets half a file. One writer per path and
 * process: the temporary name is the path's and the process id. `mode` (e.g. 0o600 for a file
 * only its owner may read) is set on the file whatever the umask.
 */
export async function writeFileAtomic(path: string, text: string, mode?: number): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
  try {
    const file = await open(temporary, 'w', mode)
    try {
      if (mode !== undefined) await file.chmod(mode)
      await file.writeFile(text)
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
