// End to end: a real `store serve` child process on port 0 and `bin/store.js` spawned against it
// over real HTTP (typicode/json-server src/app.test.ts). Needs `npm run build` first.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../helpers/time-scale.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const BIN = join(ROOT, 'bin/store.js')
const KEY = 'sk_live_e2ee2ee2ee2ee2ee2ee2ee2ee2ee2ee2'
const hasBuild = existsSync(join(ROOT, 'dist/cli/main.js'))

let server: ChildProcess
let baseUrl = ''
const home = mkdtempSync(join(tmpdir(), 'store-e2e-'))

function store(args: string[], o: { connect?: boolean; input?: string } = {}) {
  const argv = o.connect === false ? args : ['--base-url', baseUrl, '--api-key', KEY, ...args]
  const result = spawnSync(process.execPath, [BIN, ...argv], {
    cwd: ROOT,
    input: o.input ?? '',
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: home },
    timeout: scaled(20_000),
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe.skipIf(!hasBuild)('store against a real `store serve`', () => {
  beforeAll(async () => {
    server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--db', ':memory:', '--api-key', KEY, '--quiet'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: home },
    })
    baseUrl = await new Promise<string>((resolve, reject) => {
      let out = ''
      server.stdout!.on('data', (chunk) => {
        out += chunk
        const match = /API\s+(http:\/\/\S+\/api\/v1)/.exec(out)
        if (match) resolve(match[1])
      })
      server.once('exit', (code) => reject(new Error(`store serve exited with ${code}: ${out}`)))
    })
  })
  afterAll(() => {
    server?.kill('SIGTERM')
  })

  it('lists products piped: tab-separated, nothing on stderr, exit 0', () => {
    const { code, stdout, stderr } = store(['products', 'list'])
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    const lines = stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(8)
    expect(lines[0].split('\t')).toEqual([
      'rec_demoMystery01',
      'Mystery Box',
      'MysteryBox',
      '3.00 USD',
      'unlimited',
      'Live',
    ])
  })

  it("prints the server's JSON unchanged with --json", async () => {
    const direct = await (
      await fetch(`${baseUrl}/products?limit=2`, { headers: { authorization: `Bearer ${KEY}` } })
    ).text()
    const { code, stdout } = store(['products', 'list', '--limit', '2', '--json'])
    expect(code).toBe(0)
    expect(stdout).toBe(`${JSON.stringify(JSON.parse(direct), null, 2)}\n`)
  })

  it('prints an aligned table with a header on a terminal', () => {
    const command = ['node', BIN, '--base-url', baseUrl, '--api-key', KEY, 'coupons', 'list']
      .map((a) => `'${a}'`)
      .join(' ')
    const result = spawnSync('script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: home, NO_COLOR: '1', TERM: 'xterm' },
    })
    if (result.error) return // no `script` here: the unit tests cover the TTY layout
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^ID\s+CODE\s+TYPE\s+VALUE\s+USED\s+EXPIRES\s+ACTIVE\r?$/m)
    expect(result.stdout).not.toMatch(/\u001b\[/)
  })

  it('creates a coupon, then a duplicate is refused with exit 3 and the API message', () => {
    const created = store(['coupons', 'create', '--code', 'e2e', '--type', 'fixed', '--value', '5', '--json'])
    expect(created.code).toBe(0)
    expect(JSON.parse(created.stdout)).toMatchObject({ code: 'E2E', value: 5 })
    const again = store(['coupons', 'create', '--code', 'E2E', '--type', 'fixed', '--value', '5'])
    expect(again.code).toBe(3)
    expect(again.stdout).toBe('')
    expect(again.stderr).toMatch(/^error: .*E2E.*\n$/)
    expect(again.stderr).not.toMatch(/\bat \S+:\d+:\d+/)
  })

  it('exits 5 for a missing record, 4 for a bad key, 2 for a delete without --yes', () => {
    expect(store(['products', 'get', 'rec_nope'])).toMatchObject({
      code: 5,
      stdout: '',
      stderr: 'error: product not found: rec_nope\n',
    })
    const auth = store(['--base-url', baseUrl, '--api-key', 'sk_live_wrong_wrong_wrong', 'orders', 'list'], {
      connect: false,
    })
    expect(auth.code).toBe(4)
    expect(auth.stderr).toMatch(/^hint: the key sk_live_…rong \(from --api-key\) was refused: pass --api-key/m)
    expect(store(['products', 'delete', 'rec_demoSerial001']).code).toBe(2)
  })

  it('exits 7 when nothing listens at the base URL', async () => {
    const free = createServer()
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve))
    const port = (free.address() as AddressInfo).port
    await new Promise((resolve) => free.close(resolve))
    const { code, stderr } = store(['--base-url', `http://127.0.0.1:${port}/api/v1`, 'products', 'list'], {
      connect: false,
    })
    expect(code).toBe(7)
    expect(stderr).toMatch(
      new RegExp(`^error: could not reach http://127\\.0\\.0\\.1:${port}/api/v1/products: .*ECONNREFUSED`),
    )
  })

  it('buys and pays a mystery box, verifies it, and fails a tampered copy naming the check', () => {
    const bought = store([
      'emulator',
      'checkout',
      '--item',
      'rec_demoMystery01:3',
      '--email',
      'e2e@example.com',
      '--client-seed',
      'e2e-seed',
      '--pay',
      '--json',
    ])
    expect(bought.code).toBe(0)
    const { order } = JSON.parse(bought.stdout)
    const verified = store(['mystery', 'verify', order.orderNumber])
    expect(verified.code).toBe(0)
    expect(verified.stdout).toMatch(new RegExp(`Verified 3 opens of ${order.orderNumber}: all \\d+ checks passed\\.`))

    order.items[0].mystery.opens[2].rollIndex =
      (order.items[0].mystery.opens[2].rollIndex + 1) % order.items[0].mystery.opens[2].totalWeight
    const file = join(home, 'tampered.json')
    writeFileSync(file, JSON.stringify(order))
    const tampered = store(['mystery', 'verify', '--file', file], { connect: false })
    expect(tampered.code).toBe(1)
    expect(tampered.stderr).toMatch(/^error: verification failed \(rollIndex[,)]/)
  })

  it('reads --data from stdin', () => {
    const { code, stdout } = store(['products', 'create', '--data', '-', '--json'], {
      input: JSON.stringify({ name: 'Piped', price: 2, type: 'Digital' }),
    })
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ name: 'Piped', status: 'Draft' })
  })

  it('logs in, saving a 0600 profile that later commands use', () => {
    const login = store(['login', '--base-url', baseUrl, '--api-key', KEY], { connect: false })
    expect(login.code).toBe(0)
    expect(login.stderr).toMatch(/Saved profile "default"/)
    const list = store(['coupons', 'list'], { connect: false })
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/\tE2E\t/)
  })
})

describe('store --help, --version without a server', () => {
  it.skipIf(!hasBuild)('exit 0 with usage on stdout', () => {
    const help = store(['--help'], { connect: false })
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage: store /)
    expect(store(['--version'], { connect: false }).stdout).toMatch(/^\d+\.\d+\.\d+\n$/)
    const unknown = store(['bogus'], { connect: false })
    expect(unknown.code).toBe(2)
  })
})

// Kept to make a build-less run visible rather than silently green.
it.runIf(!hasBuild)('needs `npm run build` for the end-to-end tests', () => {
  expect(hasBuild).toBe(true)
})
