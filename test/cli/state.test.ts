import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('store state', () => {
  it('saves, lists, restores and resets the account', async () => {
    const emu = await testEmulator()
    const app = emu.app
    expect(await runCli(['state', 'save', 'clean'], { app })).toMatchObject({ code: 0 })
    const listed = await runCli(['state', 'list'], { app })
    expect(listed.stdout).toMatch(/^clean\t\d{4}-\d\d-\d\dT[^\t]+\t\d+\n$/)
    await runCli(['coupons', 'create', '--code', 'EXTRA', '--type', 'percentage', '--value', '5'], { app })
    const restored = await runCli(['state', 'restore', 'clean', '--json'], { app })
    expect(JSON.parse(restored.stdout)).toMatchObject({ name: 'clean', records: expect.any(Number) })
    expect((await runCli(['coupons', 'get', 'EXTRA'], { app })).code).toBe(5)
    expect(await runCli(['state', 'reset'], { app })).toMatchObject({ code: 0 })
    expect(await runCli(['state', 'restore', 'missing'], { app })).toMatchObject({
      code: 5,
      stderr: 'error: no saved state named "missing"; list them with GET /_emulator/state\n',
    })
  })

  it('exports the shop to a seed file and imports it back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-cli-state-'))
    dirs.push(dir)
    const emu = await testEmulator()
    const app = emu.app
    expect(await runCli(['state', 'export', '--out', 'seed.json'], { app, cwd: dir })).toMatchObject({ code: 0 })
    const seed = JSON.parse(readFileSync(join(dir, 'seed.json'), 'utf8'))
    expect(seed.products.length).toBeGreaterThan(0)
    const other = await testEmulator({ seed: 'empty' })
    const imported = await runCli(['state', 'import', 'seed.json', '--json'], { app: other.app, cwd: dir })
    expect(imported.code).toBe(0)
    const exportedAgain = await runCli(['state', 'export'], { app: other.app })
    expect(JSON.parse(exportedAgain.stdout)).toEqual(seed)
  })
})

describe('store webhooks wait', () => {
  it('exits 0 with the event once it happened since the given id, and 1 on timeout', async () => {
    const emu = await testEmulator()
    const app = emu.app
    await runCli(['products', 'create', '--name', 'Waited', '--type', 'Service', '--price', '1'], { app })
    const found = await runCli(
      ['webhooks', 'wait', '--event', 'product:created', '--match', 'title=Waited', '--since', 'evt_0', '--json'],
      { app },
    )
    expect(found).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(found.stdout)).toMatchObject({ event: 'product:created', data: { title: 'Waited' } })
    const missed = await runCli(
      ['webhooks', 'wait', '--event', 'product:created', '--match', 'title=Other', '--since', '0', '--timeout', '1'],
      { app },
    )
    expect(missed).toMatchObject({ code: 1, stderr: 'error: no product:created event matching title=Other within 1\n' })
    expect((await runCli(['webhooks', 'wait', '--event', 'nope'], { app })).code).toBe(2)
  })
})
