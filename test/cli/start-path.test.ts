// A command's start: `store --help` within 2x `node -e 0` (docs/cli.md, "Start-up"), and a
// request over http loading no TLS.
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
/** Runs of each command, taking turns: the fastest of each is compared, as load only ever adds time. */
const TIMED_RUNS = 7

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

  it('store --help starts within 2x node -e 0', () => {
    // The environment the bench measures in: the caller's.
    const time = (args: string[]) => {
      const started = performance.now()
      const { status } = spawnSync(process.execPath, args, { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } })
      expect(status).toBe(0)
      return performance.now() - started
    }
    const node: number[] = []
    const help: number[] = []
    time([join(ROOT, 'bin/store.js'), '--help']) // the file cache warmed; not counted
    for (let i = 0; i < TIMED_RUNS; i++) {
      node.push(time(['-e', '0']))
      help.push(time([join(ROOT, 'bin/store.js'), '--help']))
    }
    expect(Math.min(...help)).toBeLessThanOrEqual(2 * Math.min(...node))
  })

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
