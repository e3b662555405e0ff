import { readdir, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

let sequence = 0

/** The prefix of every temporary file written beside a db file; left-overs of a crash are removed at open. */
export function temporaryPrefix(dbPath: string): string {
  return `.${basename(dbPath)}.`
}

/**
 * A temporary path beside `path` (a db file or its journal), named after it: pid + sequence, so
 * two writers (or two writes of one process) never share one.
 */
export function temporaryPathBeside(path: string): string {
  return join(dirname(path), `${temporaryPrefix(path)}${process.pid}.${++sequence}.tmp`)
}

/** Removes what writes a crash interrupted (`.<db>.*.tmp`); safe while holding the db's lock. */
export async function removeTemporaryFiles(dbPath: string): Promise<void> {
  const folder = dirname(dbPath)
  const prefix = temporaryPrefix(dbPath)
  let names: string[]
  try {
    names = await readdir(folder)
  } catch {
    return
  }
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) await unlink(join(folder, name)).catch(() => undefined)
  }
}
