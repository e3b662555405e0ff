import { linkSync, openSync, writeSync, closeSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { StoreError } from '../../spec/errors.js'

/** Lock files this process holds (absolute path -> pid it was taken for): a second open in-process is refused too. */
const held = new Map<string, number>()
let sequence = 0

/**
 * An exclusive lock on a db file: `<db>.lock` holding the owner's pid. A lock left by a process
 * that no longer runs is taken over; one held by a running process refuses the start.
 * The lock file appears with its pid already in it (written aside, then hard-linked into place),
 * so a starting process never sees an empty lock and mistakes it for a stale one.
 */
export function acquireLock(dbPath: string, pid: number): () => void {
  const path = `${dbPath}.lock`
  const key = resolve(path)
  // Held by this very process, as long as the lock file still says so (a test may delete it to simulate a crash).
  if (held.get(key) === pid && readFileSafely(path) === String(pid)) {
    throw new StoreError(
      409,
      `db file ${dbPath} is already open in this process (pid ${pid}); close the other store first.`,
    )
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(path, pid)) {
      held.set(key, pid)
      return () => {
        if (held.get(key) === pid) held.delete(key)
        try {
          if (readFileSync(path, 'utf8') === String(pid)) unlinkSync(path)
        } catch {
          /* already gone */
        }
      }
    }
    const owner = Number.parseInt(readFileSafely(path), 10)
    if (Number.isInteger(owner) && owner > 0 && owner !== pid && isRunning(owner)) {
      throw new StoreError(
        409,
        `db file ${dbPath} is in use by another store serve (pid ${owner}). Stop that process first, or pass another --db. If no store serve is running (the pid was reused), delete ${path}.`,
      )
    }
    takeOver(path, owner)
  }
  throw new StoreError(
    409,
    `db file ${dbPath} is locked by ${path}, which keeps changing hands. Make sure no other store serve uses this db, then retry.`,
  )
}

/** Creates the lock holding `pid`; false when a lock file already exists. */
function tryCreate(path: string, pid: number): boolean {
  const aside = `${path}.${pid}.${++sequence}.tmp`
  try {
    writeFileSync(aside, String(pid), { mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new StoreError(
        500,
        `cannot create lock file ${path}: the folder ${dirname(path)} does not exist. Create it, or pass a --db in an existing folder.`,
      )
    }
    throw new StoreError(
      500,
      `cannot create lock file ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check that its folder is writable.`,
    )
  }
  try {
    linkSync(aside, path)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    // File systems without hard links: exclusive create, then write the pid.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS')
      return createExclusive(path, pid)
    throw new StoreError(
      500,
      `cannot create lock file ${path}: ${(error as Error).message}. Check that its folder is writable.`,
    )
  } finally {
    try {
      unlinkSync(aside)
    } catch {
      /* already gone */
    }
  }
}

function createExclusive(path: string, pid: number): boolean {
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw new StoreError(
      500,
      `cannot create lock file ${path}: ${(error as Error).message}. Check that its folder exists and is writable.`,
    )
  }
  try {
    writeSync(fd, String(pid))
  } finally {
    closeSync(fd)
  }
  return true
}

/**
 * Removes a stale lock. It is first renamed aside and re-read, so a lock that another starting
 * process took over in the meantime is put back rather than deleted.
 */
function takeOver(path: string, staleOwner: number): void {
  const aside = `${path}.stale.${process.pid}.${++sequence}`
  try {
    renameSync(path, aside)
  } catch {
    return // gone already: its owner exited, or another process took it over
  }
  const owner = Number.parseInt(readFileSafely(aside), 10)
  const isSame = owner === staleOwner || (!Number.isInteger(owner) && !Number.isInteger(staleOwner))
  if (!isSame) {
    try {
      linkSync(aside, path)
    } catch {
      /* a third process holds it now; the next attempt reads that one */
    }
  }
  try {
    unlinkSync(aside)
  } catch {
    /* nothing to clean */
  }
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
