import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const MARK = 'STORE_TEST_RUN_FOLDER'

/**
 * Vitest's global setup: every temporary file of the run, the tests' own and those of the servers
 * and browsers they start, goes into one folder, removed when the run ends. A test that fails, or
 * a server stopped by SIGKILL, then leaves nothing behind in the machine's temporary folder.
 * Each project of the run calls it; the first call makes the folder and the others reuse it, so
 * paths stay short enough for chromium's socket.
 */
export default function setup(): () => void {
  if (process.env[MARK] !== undefined) return () => {}
  const folder = mkdtempSync(join(tmpdir(), 'store-test-run-'))
  const before = process.env.TMPDIR
  process.env.TMPDIR = folder
  process.env[MARK] = folder
  return () => {
    if (before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = before
    delete process.env[MARK]
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 })
  }
}
