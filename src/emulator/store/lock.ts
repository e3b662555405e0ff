import { openSync, writeSync, closeSync, readFileSync, unlinkSync } from 'node:fs'
import { StoreError } from '../../spec/errors.js'

/**
 * An exclusive lock on a db file: `<db>.lock` holding the owner's pid. A lock left by a process
 * that no longer runs is taken over; one held by a running process refuses the start.
 */
export function acquireLock(dbPath: string, pid: number): () => void {
  const path = `${dbPath}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      writeSync(fd, String(pid))
      closeSync(fd)
      return () => {
        try {
          if (readFileSync(path, 'utf8') === String(pid)) unlinkSync(path)
        } catch { /* already gone */ }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new StoreError(500, `cannot create lock file ${path}: ${(error as Error).message}. Check that its folder exists and is writable.`)
      }
      const owner = Number.parseInt(readFileSafely(path), 10)
      if (Number.isInteger(owner) && owner !== pid && isRunning(owner)) {
        throw new StoreError(409, `db file ${dbPath} is in use by another store serve (pid ${owner}). Stop that one first, or pass another --db.`)
      }
      try { unlinkSync(path) } catch { /* raced with its owner's exit */ }
    }
  }
  throw new StoreError(409, `db file ${dbPath} is locked (${path}). Remove the lock file if no store serve is running.`)
}

function readFileSafely(path: string): string {
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
