// The README's way to get a fast `store` from a clone: bin/ on the PATH, then bare `store` anywhere.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const hasBuild = existsSync(join(ROOT, 'dist/cli-bundle/main.js'))

describe.skipIf(!hasBuild)('store on the PATH', () => {
  it('runs as bare `store` from any folder after export PATH="$PWD/bin:$PATH", as the README says', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    expect(readme).toContain('export PATH="$PWD/bin:$PATH"')
    const elsewhere = mkdtempSync(join(tmpdir(), 'store-path-'))
    const result = spawnSync('sh', ['-c', 'command -v store && store --version && store emulator --help'], {
      cwd: elsewhere,
      encoding: 'utf8',
      env: { PATH: `${join(ROOT, 'bin')}:${process.env.PATH}`, HOME: elsewhere },
    })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    const [where, version, usage] = result.stdout.split('\n')
    expect(realpathSync(where)).toBe(realpathSync(join(ROOT, 'bin/store.js')))
    expect(version).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version)
    expect(usage).toBe('Usage: store emulator [options] [command]')
  })
})
