import { chmod, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { CommandContext } from '../client-factory.js'
import { UsageError } from '../exit-codes.js'

/**
 * Prints `text`, or writes it to `out` whole or not at all (a temporary file renamed over it), for
 * its owner only whatever the umask: seeds, fixtures and recordings hold e-mails. Then says `what`
 * was written where, and `next`, what to do with the file.
 */
export async function writeOut(
  cc: CommandContext,
  text: string,
  out: string | undefined,
  what: string,
  next: string,
): Promise<void> {
  if (!out) {
    cc.stdout.write(text)
    return cc.out.info(what)
  }
  const path = resolve(cc.cwd, out)
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
  try {
    await writeFile(temporary, text, { mode: 0o600, flush: true })
    await chmod(temporary, 0o600)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw new UsageError(
      `--out: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing was written`,
    )
  }
  cc.out.success(`${what} written to ${out}; ${next}`)
}
