import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { runCli, scriptedPrompter } from './run-cli.js'

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
    const restored = await runCli(['state', 'restore', 'clean', '--yes', '--json'], { app })
    expect(JSON.parse(restored.stdout)).toMatchObject({ name: 'clean', records: expect.any(Number) })
    expect((await runCli(['coupons', 'get', 'EXTRA'], { app })).code).toBe(5)
    expect(await runCli(['state', 'reset', '--yes'], { app })).toMatchObject({ code: 0 })
    expect(await runCli(['state', 'restore', 'missing', '--yes'], { app })).toMatchObject({
      code: 5,
      stderr: 'error: no saved state named "missing"; list them with GET /_emulator/state\n',
    })
  })

  it('off a terminal, refuses to replace data without --yes (exit 2) and changes nothing', async () => {
    const emu = await testEmulator()
    const app = emu.app
    await runCli(['state', 'save', 'clean'], { app })
    await runCli(['coupons', 'create', '--code', 'EXTRA', '--type', 'percentage', '--value', '5'], { app })
    const refusals = [
      [['state', 'restore', 'clean'], "restore state clean over the account's data"],
      [['state', 'reset'], "reset the account's data"],
      [['state', 'save', 'clean'], /^replace saved state clean \(saved \S+\)$/],
    ] as const
    for (const [argv, action] of refusals) {
      const result = await runCli([...argv], { app })
      expect(result.code).toBe(2)
      const said = /^error: refusing to (.+) without confirmation: pass --yes \(no terminal to ask on\)\n$/.exec(
        result.stderr,
      )?.[1]
      if (typeof action === 'string') expect(said).toBe(action)
      else expect(said).toMatch(action)
    }
    expect((await runCli(['coupons', 'get', 'EXTRA'], { app })).code).toBe(0)
    // --yes replaces the saved state: restoring it keeps the coupon made after the first save.
    expect(await runCli(['state', 'save', 'clean', '--yes'], { app })).toMatchObject({ code: 0 })
    await runCli(['state', 'reset', '--yes'], { app })
    expect((await runCli(['coupons', 'get', 'EXTRA'], { app })).code).toBe(5)
    await runCli(['state', 'restore', 'clean', '--yes'], { app })
    expect((await runCli(['coupons', 'get', 'EXTRA'], { app })).code).toBe(0)
  })

  it('on a terminal, looks the state up, then asks naming it; "no" changes nothing (exit 130)', async () => {
    const emu = await testEmulator()
    const app = emu.app
    const missing = await runCli(['state', 'restore', 'nope'], { app, tty: true })
    expect(missing).toMatchObject({
      code: 5,
      stderr: 'error: no saved state named "nope"; list them with store state list\n',
    })
    await runCli(['state', 'save', 'clean'], { app })
    await runCli(['coupons', 'create', '--code', 'EXTRA', '--type', 'percentage', '--value', '5'], { app })
    const prompter = scriptedPrompter([false, true, true])
    const declined = await runCli(['state', 'restore', 'clean'], { app, tty: true, prompter })
    expect(declined.code).toBe(130)
    expect(prompter.asked[0]).toMatch(
      /^Restore saved state clean \(saved \S+\)\? Every record of the account is replaced and its logs emptied\.$/,
    )
    expect((await runCli(['coupons', 'get', 'EXTRA'], { app })).code).toBe(0)
    expect((await runCli(['state', 'restore', 'clean'], { app, tty: true, prompter })).code).toBe(0)
    expect((await runCli(['coupons', 'get', 'EXTRA'], { app })).code).toBe(5)
    expect((await runCli(['state', 'save', 'clean'], { app, tty: true, prompter })).code).toBe(0)
    expect(prompter.asked[2]).toMatch(/^Replace saved state clean \(saved \S+\)\?$/)
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
    const imported = await runCli(['state', 'import', 'seed.json', '--yes', '--json'], { app: other.app, cwd: dir })
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
