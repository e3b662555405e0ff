// biome-ignore-all lint/suspicious/noTemplateCurlyInString: fixture steps are written with ${name:path} references
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_FILLED_IN_CHARS, MAX_FIXTURE_DEPTH } from '../../src/fixtures/errors.js'
import { cleanups, cli, servedEmulator } from './webhooks-harness.js'

/**
 * A fixtures file cannot make the CLI overflow its stack or grow a string without bound: a body
 * nested 100,000 levels and one answer referred to 300 times in a string are refused, each with a
 * usage error that says what to change.
 */

function fixtureFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-fixtures-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'steps.json')
  writeFileSync(path, text)
  return path
}

async function emulator() {
  const emu = await servedEmulator()
  cleanups.push(() => emu.close())
  return emu
}

describe('store fixtures run within bounds', () => {
  it('refuses a body nested 100,000 levels deep before sending anything', async () => {
    const emu = await emulator()
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`
    const file = fixtureFile(
      `{"fixtures":[{"name":"deep","request":{"method":"POST","path":"/api/v1/coupons","body":${deep}}}]}`,
    )
    const run = await cli([...emu.flags, 'fixtures', 'run', file])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(
      `error: ${file} is nested more than ${MAX_FIXTURE_DEPTH} levels deep; no request of the API needs that, flatten the body\n`,
    )
    expect(run.stdout).toBe('')
  })

  it('refuses a step whose references fill in more than 1 MiB, and sends nothing of it', async () => {
    const emu = await emulator()
    const before = (await (await emu.request('/api/v1/coupons')).json()) as { coupons: unknown[] }
    const big = 'x'.repeat(8_000)
    const steps = {
      fixtures: [
        {
          name: 'product',
          request: {
            method: 'POST',
            path: '/api/v1/products',
            body: { name: 'Long', price: 1, type: 'Service', description: big },
          },
        },
        {
          name: 'coupon',
          request: {
            method: 'POST',
            path: '/api/v1/coupons',
            body: { code: 'HUGE', type: 'fixed', value: 1, note: '${product:}'.repeat(300) },
          },
        },
      ],
    }
    const run = await cli([...emu.flags, 'fixtures', 'run', fixtureFile(JSON.stringify(steps))])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(
      new RegExp(
        `^error: step "coupon": its references fill in more than ${MAX_FILLED_IN_CHARS} characters \\(\\$\\{product:\\} brings \\d+\\); refer to the fields the request needs rather than whole answers\\n$`,
      ),
    )
    const after = (await (await emu.request('/api/v1/coupons')).json()) as { coupons: unknown[] }
    expect(after.coupons).toHaveLength(before.coupons.length)
  })
})
