import { chmod, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { CommandContext } from '../client-factory.js'
import { UsageError } from '../exit-codes.js'

/**
 * Writes `text` whole or not at all: into a temporary file beside it, flushed, then renamed over
 * it, so a reader (or a crash) never meets half a file. Readable by its owner only, whatever the umask.
 */
async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
  try {
    await writeFile(temporary, text, { mode: 0o600, flush: true })
    await chmod(temporary, 0o600)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/**
 * Prints `text`, or writes it whole to `out` (relative to the working folder) readable by its owner
 * only: seeds, fixtures and recordings hold customers' e-mails. `done` is the closing line.
 */
export async function writeOut(cc: CommandContext, text: string, out: string | undefined, done: string): Promise<void> {
  if (!out) {
    cc.stdout.write(text)
    return cc.out.info(done)
  }
  const path = resolve(cc.cwd, out)
  try {
    await writeFileAtomic(path, text)
  } catch (error) {
    throw new UsageError(
      `--out: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing was written`,
    )
  }
  cc.out.success(done)
}
