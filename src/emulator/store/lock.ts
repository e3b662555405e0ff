import { readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { StoreError } from '../../contract/errors.js'

/**
 * Leeway for file times, which some file systems keep to the second or two: a lock without a pid
 * younger than this is being written by a starting process; one with this process's pid written
 * more than this before it started was left by an earlier process given the same pid (a container
 * restarted).
 */
const FILE_TIME_LEEWAY_MS = 2000

const readSafely = (path: string) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * An exclusive lock on a db file: `<db>.lock`, created only if it does not exist, holding the
 * owner's pid. A lock whose pid no longer runs (or that holds none and is older than a second) was
 * left by a crash and is taken over; one held by a running process refuses the start. Returns the
 * release.
 */
export function acquireLock(dbPath: string, pid: number): () => void {
  const path = `${dbPath}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(pid), { flag: 'wx', mode: 0o600 })
      return () => {
        if (readSafely(path) === String(pid)) unlinkSync(path)
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'EEXIST')
        throw new StoreError(
          500,
          code === 'ENOENT'
            ? `cannot create lock file ${path}: the folder ${dirname(path)} does not exist. Create it, or pass a --db in an existing folder.`
            : `cannot create lock file ${path} (${code ?? (error as Error).message}). Check that its folder is writable.`,
        )
    }
    const owner = Number.parseInt(readSafely(path), 10)
    const writtenAt = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0
    if (owner === pid && writtenAt > performance.timeOrigin - FILE_TIME_LEEWAY_MS)
      throw new StoreError(
        409,
        `db file ${dbPath} is already open in this process (pid ${pid}); close the other store first.`,
      )
    const isBeingWritten = !(owner > 0) && Date.now() - writtenAt < FILE_TIME_LEEWAY_MS
    if (isBeingWritten)
      throw new StoreError(
        409,
        `db file ${dbPath} is being opened by another store serve (its lock ${path} was just created). Stop that process first, or pass another --db.`,
      )
    if (owner > 0 && owner !== pid && isRunning(owner))
      throw new StoreError(
        409,
        `db file ${dbPath} is in use by another store serve (pid ${owner}). Stop that process first, or pass another --db. If no store serve is running (the pid was reused), delete ${path}.`,
      )
    try {
      unlinkSync(path)
    } catch {}
  }
  throw new StoreError(
    409,
    `db file ${dbPath} is locked by ${path}, which keeps changing hands. Make sure no other store serve uses this db, then retry.`,
  )
}
