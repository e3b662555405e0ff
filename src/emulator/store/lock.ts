import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { StoreError } from '../../contract/errors.js'

/** Lock files this process holds (absolute path -> pid it was taken for): a second open in-process is refused too. */
const held = new Map<string, number>()
let sequence = 0

function readSafely(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

function unlinkSafely(path: string): void {
  try {
    unlinkSync(path)
  } catch {}
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
 * An exclusive lock on a db file: `<db>.lock` holding the owner's pid, which appears with the pid
 * already in it (written aside, then hard-linked into place), so a starting process never takes
 * an empty lock for a stale one. A lock left by a process that no longer runs is taken over; one
 * held by a running process refuses the start. Returns the release.
 */
export function acquireLock(dbPath: string, pid: number): () => void {
  const path = `${dbPath}.lock`
  const key = resolve(path)
  if (held.get(key) === pid && readSafely(path) === String(pid))
    throw new StoreError(
      409,
      `db file ${dbPath} is already open in this process (pid ${pid}); close the other store first.`,
    )
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(path, pid)) {
      held.set(key, pid)
      return () => {
        if (held.get(key) === pid) held.delete(key)
        if (readSafely(path) === String(pid)) unlinkSafely(path)
      }
    }
    const owner = Number.parseInt(readSafely(path), 10)
    if (Number.isInteger(owner) && owner > 0 && owner !== pid && isRunning(owner))
      throw new StoreError(
        409,
        `db file ${dbPath} is in use by another store serve (pid ${owner}). Stop that process first, or pass another --db. If no store serve is running (the pid was reused), delete ${path}.`,
      )
    // Stale: moved aside and read again, so a lock another process took meanwhile is put back, not removed.
    const aside = `${path}.stale.${process.pid}.${++sequence}`
    try {
      renameSync(path, aside)
      const now = Number.parseInt(readSafely(aside), 10)
      if (now !== owner && (Number.isInteger(now) || Number.isInteger(owner))) linkSync(aside, path)
    } catch {
      // Gone already, or a third process holds it now: the next attempt reads that one.
    }
    unlinkSafely(aside)
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
    linkSync(aside, path)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    throw new StoreError(
      500,
      code === 'ENOENT'
        ? `cannot create lock file ${path}: the folder ${dirname(path)} does not exist. Create it, or pass a --db in an existing folder.`
        : `cannot create lock file ${path} (${code ?? (error as Error).message}). Check that its folder is writable.`,
    )
  } finally {
    unlinkSafely(aside)
  }
}
