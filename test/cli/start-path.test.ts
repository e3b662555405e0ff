// A command's start: a request over http loads no TLS. How long a start takes against `node -e 0`
// is the bench's figure (docs/benchmarks.md, "The envelope"), never a timed test's.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const hasBuild = existsSync(join(ROOT, 'dist/cli-bundle/main.js'))

/** Preloaded into the CLI's process: prints the node modules it loaded. */
const PROBE = `
const before = new Set(process.moduleLoadList)
process.on('exit', () => {
  const loaded = process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule ')).map((m) => m.slice(13))
  require('node:fs').writeSync(2, '\\nPROBE ' + JSON.stringify({ loaded }) + '\\n')
})
`

describe.skipIf(!hasBuild)('the start path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-start-'))
  const probe = join(dir, 'probe.cjs')
  writeFileSync(probe, PROBE)
  const run = (args: string[], env: Record<string, string> = {}) => {
    const result = spawnSync(process.execPath, ['--require', probe, join(ROOT, 'bin/store.js'), ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: dir, NO_COLOR: '1', ...env },
    })
    const line = result.stderr.split('\n').find((l) => l.startsWith('PROBE '))
    return { status: result.status, ...(JSON.parse(line!.slice(6)) as { loaded: string[] }) }
  }

  it('a request over http loads node:http, not https or tls', async () => {
    // A port that was free a moment ago: the request fails (exit 7) after loading what it needs.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number }
        server.close(() => resolve(port))
      })
    })
    const { status, loaded } = run(['products', 'list'], {
      STORE_BASE_URL: `http://127.0.0.1:${port}/api/v1`,
      STORE_API_KEY: 'sk_live_start_path_test_key_000000000000',
    })
    expect(status).toBe(7)
    expect(loaded).toContain('http')
    expect(loaded.filter((m) => m === 'https' || m === 'tls')).toEqual([])
  })
})
