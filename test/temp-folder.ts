import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Vitest's global setup: every temporary file of the run, the tests' own and those of the servers
 * and browsers they start, goes into one folder, removed when the run ends. A test that fails, or
 * a server stopped by SIGKILL, then leaves nothing behind in the machine's temporary folder.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'store-test-run-'))
  const before = process.env.TMPDIR
  process.env.TMPDIR = folder
  return () => {
    if (before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = before
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 })
  }
}
