import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'

describe('store coupons', () => {
  it('get finds a coupon by its code, in any case, as by its id', async () => {
    const emu = await testEmulator()
    const byCode = await runCli(['coupons', 'get', 'WELCOME10'], { app: emu.app })
    expect(byCode.code).toBe(0)
    expect(byCode.stdout).toMatch(/^id\tcpn_demo_welcome$/m)
    const lower = await runCli(['coupons', 'get', 'welcome10', '--json'], { app: emu.app })
    expect(JSON.parse(lower.stdout)).toMatchObject({ id: 'cpn_demo_welcome', code: 'WELCOME10' })
    const byId = await runCli(['coupons', 'get', 'cpn_demo_welcome', '--json'], { app: emu.app })
    expect(byId.stdout).toBe(lower.stdout)
    const missing = await runCli(['coupons', 'get', 'NOPE'], { app: emu.app })
    expect(missing).toMatchObject({ code: 5, stdout: '', stderr: 'error: no coupon with id or code "NOPE"\n' })
  })

  it('update, delete and get take a code, with no 404 in the request log on the way', async () => {
    const emu = await testEmulator()
    const app = emu.app
    const updated = await runCli(['coupons', 'update', 'welcome10', '--value', '12', '--json'], { app })
    expect(JSON.parse(updated.stdout)).toMatchObject({ id: 'cpn_demo_welcome', value: 12 })
    expect(await runCli(['coupons', 'delete', 'FIVEOFF', '--yes'], { app })).toMatchObject({ code: 0 })
    expect(await runCli(['coupons', 'get', 'FIVEOFF'], { app })).toMatchObject({ code: 5 })
    const log = await (await emu.request('/_emulator/requests?path=/api/v1/coupons')).json()
    expect(log.requests.map((r: { method: string; status: number }) => `${r.method} ${r.status}`)).toEqual([
      'GET 200',
      'GET 404',
      'DELETE 200',
      'PUT 200',
    ])
  })

  it('shows an expired coupon as expired, in the list and in its view', async () => {
    const emu = await testEmulator()
    const list = await runCli(['coupons', 'list'], { app: emu.app })
    const state = (code: string) =>
      list.stdout
        .split('\n')
        .find((l) => l.split('\t')[1] === code)
        ?.split('\t')[6]
    expect(state('SUMMER25')).toBe('expired')
    expect(state('WELCOME10')).toBe('active')
    const shown = await runCli(['coupons', 'get', 'SUMMER25'], { app: emu.app, tty: true, env: { NO_COLOR: '1' } })
    expect(shown.stdout).toMatch(/^active +true\nstate +expired$/m)
  })
})

describe('store emulator shops and keys', () => {
  it('list when no subcommand is given', async () => {
    const emu = await testEmulator()
    const shops = await runCli(['emulator', 'shops'], { app: emu.app })
    expect(shops.code).toBe(0)
    expect(shops.stdout.split('\t').slice(1, 3)).toEqual(['demo', 'Demo Shop'])
    expect(shops.stdout).toBe((await runCli(['emulator', 'shops', 'list'], { app: emu.app })).stdout)
    const keys = await runCli(['emulator', 'keys', '--json'], { app: emu.app })
    expect(keys.code).toBe(0)
    expect(JSON.parse(keys.stdout).keys).toHaveLength(1)
  })
})
