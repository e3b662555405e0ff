// `npm run test:all` runs every stage even after one fails, and names the failed ones at the end.
import { execFile } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { ROOT } from '../e2e/serve-process.js'

const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'store-test-all-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** An `npm` that records each `npm run --silent STAGE` and fails the stages named in FAIL. */
function fakeNpm(): { bin: string; log: string } {
  const log = join(dir, 'stages.log')
  const bin = join(dir, 'bin')
  const npm = join(bin, 'npm')
  mkdirSync(bin, { recursive: true })
  writeFileSync(
    npm,
    // A failing stage prints what vitest prints for a failed test, colours included.
    `#!/usr/bin/env bash\nstage="\${@: -1}"\necho "$stage" >> "${log}"\nfor f in $FAIL; do [ "$f" = "$stage" ] && { printf ' \\033[41m FAIL \\033[49m test/x.test.ts > %s fails\\n' "$stage"; exit 3; }; done\nexit 0\n`,
  )
  chmodSync(npm, 0o755)
  return { bin, log }
}

describe('npm run test:all', () => {
  it('is scripts/test-all.sh', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    expect(pkg.scripts['test:all']).toBe('bash scripts/test-all.sh')
  })

  it('runs every stage after a failure and exits 1 naming the failed ones', async () => {
    const { bin, log } = fakeNpm()
    const result = await run('bash', [join(ROOT, 'scripts', 'test-all.sh')], {
      env: { PATH: `${bin}:${process.env.PATH}`, FAIL: 'typecheck test' },
    }).catch((error: { code: number; stderr: string }) => error)
    expect('code' in result && result.code).toBe(1)
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'test:chromium',
      'lint',
      'typecheck',
      'circles',
      'test:package',
      'openapi:lint',
      'test',
      'test:stress',
    ])
    expect(result.stderr).toMatch(/\ntest:all: failed: typecheck test\n$/)
    expect(result.stderr).toMatch(/ {2}FAILED {2}typecheck \(\d+ s\)\n/)
    // The failed tests are named again at the end, where the tail of a CI log shows them.
    expect(result.stderr).toMatch(
      /\n +FAIL +test\/x\.test\.ts > typecheck fails\n +FAIL +test\/x\.test\.ts > test fails\ntest:all: failed/,
    )
  })

  it('exits 0 when every stage passes', async () => {
    const { bin } = fakeNpm()
    const result = await run('bash', [join(ROOT, 'scripts', 'test-all.sh')], {
      env: { PATH: `${bin}:${process.env.PATH}`, FAIL: '' },
    })
    expect(result.stderr).toMatch(/\ntest:all: every stage passed\n$/)
  })
})
