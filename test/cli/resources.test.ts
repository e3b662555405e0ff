import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'

describe('store coupons', () => {
  it('says "No coupons found" on stderr for an empty list on a TTY only, exit 0', async () => {
    const emu = await testEmulator({ seed: 'empty' })
    expect(await runCli(['coupons', 'list'], { app: emu.app, tty: true })).toMatchObject({
      code: 0,
      stdout: '',
      stderr: 'No coupons found\n',
    })
    expect(await runCli(['coupons', 'list'], { app: emu.app })).toMatchObject({ code: 0, stdout: '', stderr: '' })
    expect(await runCli(['coupons', 'list', '--json'], { app: emu.app })).toMatchObject({
      code: 0,
      stdout: '{\n  "coupons": []\n}\n',
    })
  })

  it('creates a coupon and refuses a duplicate code with the API message (409 → exit 3)', async () => {
    const emu = await testEmulator({ seed: 'empty' })
    const created = await runCli(
      [
        'coupons',
        'create',
        '--code',
        'spring',
        '--type',
        'percentage',
        '--value',
        '10',
        '--usage-limit',
        'unlimited',
        '--json',
      ],
      { app: emu.app },
    )
    expect(created.code).toBe(0)
    expect(JSON.parse(created.stdout)).toMatchObject({
      code: 'SPRING',
      type: 'percentage',
      value: 10,
      usageLimit: null,
      active: true,
    })
    const duplicate = await runCli(['coupons', 'create', '--code', 'SPRING', '--type', 'fixed', '--value', '5'], {
      app: emu.app,
    })
    expect(duplicate.code).toBe(3)
    expect(duplicate.stdout).toBe('')
    expect(duplicate.stderr).toMatch(/^error: .*SPRING.*\n$/)
  })

  it('filters with --active and sets a boolean off with --no-active', async () => {
    const emu = await testEmulator({ seed: 'empty' })
    await runCli(['coupons', 'create', '--code', 'A', '--type', 'fixed', '--value', '1'], { app: emu.app })
    const off = await runCli(
      ['coupons', 'create', '--code', 'B', '--type', 'fixed', '--value', '1', '--no-active', '--json'],
      { app: emu.app },
    )
    expect(JSON.parse(off.stdout).active).toBe(false)
    const active = await runCli(['coupons', 'list', '--active'], { app: emu.app })
    expect(
      active.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[1]),
    ).toEqual(['A'])
    expect(new URL(active.requests[0].url).search).toBe('?active=true')
  })
})

describe('store orders, customers, subscriptions, categories, groups, blacklists', () => {
  it('lists every read-only and CRUD resource of the demo shop, piped and as JSON', async () => {
    const emu = await testEmulator()
    for (const resource of [
      'orders',
      'customers',
      'subscriptions',
      'categories',
      'groups',
      'blacklists',
      'coupons',
      'themes',
    ]) {
      const piped = await runCli([resource, 'list'], { app: emu.app })
      expect(piped, resource).toMatchObject({ code: 0, stderr: '' })
      const json = await runCli([resource, 'list', '--json'], { app: emu.app })
      expect(json.code, resource).toBe(0)
      const direct = await (await emu.request(`/api/v1/${resource}`)).json()
      expect(json.stdout, resource).toBe(`${JSON.stringify(direct, null, 2)}\n`)
    }
  })

  it('shows an order with its lines as a table on a TTY', async () => {
    const emu = await testEmulator()
    const { orders } = await (await emu.request('/api/v1/orders')).json()
    const number = orders[0].orderNumber
    const { code, stdout } = await runCli(['orders', 'get', number], {
      app: emu.app,
      tty: true,
      env: { NO_COLOR: '1' },
    })
    expect(code).toBe(0)
    expect(stdout).toMatch(new RegExp(`^orderNumber\\s+${number}$`, 'm'))
    expect(stdout).toMatch(/^PRODUCT\s+TYPE\s+QTY\s+PRICE\s+TOTAL\s+DELIVERY$/m)
  })

  it('sets an order status, checking the value first', async () => {
    const emu = await testEmulator()
    const { orders } = await (await emu.request('/api/v1/orders')).json()
    const bad = await runCli(['orders', 'update', orders[0].id, '--status', 'shipped'], { app: emu.app })
    expect(bad).toMatchObject({
      code: 2,
      requests: [],
      stderr: 'error: --status: "shipped" is not one of pending, processing, completed, cancelled, refunded\n',
    })
    const none = await runCli(['orders', 'update', orders[0].id], { app: emu.app })
    expect(none).toMatchObject({
      code: 2,
      stderr: 'error: nothing to update: give at least one of --status, or --data\n',
    })
    const ok = await runCli(['orders', 'update', orders[0].id, '--status', 'completed', '--json'], { app: emu.app })
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.stdout).status).toBe('completed')
  })

  it('creates a category bound to products with a comma list', async () => {
    const emu = await testEmulator()
    const { code, stdout } = await runCli(
      [
        'categories',
        'create',
        '--name',
        'Keys',
        '--product-ids',
        'prod_demo_serial, prod_demo_digital',
        '--sort-order',
        '3',
        '--json',
      ],
      { app: emu.app },
    )
    expect(code).toBe(0)
    const category = JSON.parse(stdout)
    expect(category).toMatchObject({ name: 'Keys', sortOrder: 3 })
    expect(category.products.map((p: { id: string }) => p.id).sort()).toEqual(['prod_demo_digital', 'prod_demo_serial'])
  })

  it('checks a blacklist value against its type before sending', async () => {
    const emu = await testEmulator()
    const bad = await runCli(['blacklists', 'create', '--type', 'ip', '--value', 'not-an-ip'], { app: emu.app })
    expect(bad).toMatchObject({
      code: 2,
      requests: [],
      stderr: 'error: invalid blacklist entry: value: must be an IPv4 or IPv6 address for type IP\n',
    })
    const ok = await runCli(['blacklists', 'create', '--type', 'country', '--value', 'fr', '--reason', 'test'], {
      app: emu.app,
    })
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatch(/^value\tFR$/m)
  })
})

describe('store themes', () => {
  it('updates config and custom.css from files', async () => {
    const emu = await testEmulator()
    const dir = mkdtempSync(join(tmpdir(), 'store-theme-'))
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ colors: { primary: '#ff0000' } }))
    writeFileSync(join(dir, 'custom.css'), 'body { color: red; }\n')
    const { code, stdout, requests } = await runCli(
      ['themes', 'update', 'default', '--config', '@config.json', '--css', '@custom.css', '--json'],
      { app: emu.app, cwd: dir },
    )
    expect(code).toBe(0)
    expect(JSON.parse(requests[0].body!)).toEqual({
      config: { colors: { primary: '#ff0000' } },
      files: { 'custom.css': 'body { color: red; }\n' },
    })
    const theme = JSON.parse(stdout)
    expect(theme.files['custom.css']).toBe('body { color: red; }\n')
    expect(JSON.stringify(theme.config)).toContain('#ff0000')
  })

  it('refuses an update with neither config nor files', async () => {
    const emu = await testEmulator()
    const { code, stderr } = await runCli(['themes', 'update', 'default'], { app: emu.app })
    expect(code).toBe(2)
    expect(stderr).toBe('error: nothing to update: give at least one of --config, --css, --theme-json, or --data\n')
  })
})
