import { afterEach, describe, expect, it } from 'vitest'
import { RequestLogEntrySchema } from '../../src/contract/requests.js'
import {
  E2E_KEY,
  call,
  ensureBuilt,
  spawnStore,
  startServe,
  type ServeProcess,
  type StoreProcess,
} from '../e2e/serve-process.js'
import { scaled } from '../helpers/time-scale.js'

// End to end through bin/store.js: `store serve` and `store logs tail` as child processes.
const running: (ServeProcess | StoreProcess)[] = []
afterEach(async () => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) await p.stop('SIGKILL')
})

async function serve(port = '0', ...flags: string[]): Promise<ServeProcess> {
  ensureBuilt()
  const started = await startServe(['--port', port, '--db', ':memory:', '--api-key', E2E_KEY, '--quiet', ...flags])
  running.push(started)
  return started
}

function tail(api: string, ...flags: string[]): StoreProcess {
  const child = spawnStore(['logs', 'tail', '--base-url', api, '--api-key', E2E_KEY, ...flags])
  running.push(child)
  return child
}

describe('store logs tail (processes)', () => {
  it('prints each failing request with its reason, leaves out what the filter does not ask for, and stops on Ctrl+C', {
    timeout: scaled(60_000),
  }, async () => {
    const emulator = await serve()
    const logs = tail(emulator.api, '--status', '4xx', '--method', 'post')
    await logs.waitFor(/Ready! Showing requests \(4xx POST\) to http:\/\/127\.0\.0\.1:\d+/, 'stderr')
    expect((await call(emulator.api, '/products')).status).toBe(200)
    expect((await call(emulator.api, '/orders/ORD-99')).status).toBe(404)
    const refused = await call(emulator.api, '/products', {
      method: 'POST',
      json: { name: 'Key', price: -5, type: 'Serial' },
    })
    expect(refused.status).toBe(400)
    await logs.waitFor(/\n$/)
    expect(logs.stdout()).toMatch(
      /^\d\d:\d\d:\d\d\tPOST\t\/api\/v1\/products\t400\t[\d.]+ ms\tprice: must not be negative\n$/,
    )
    expect(await logs.stop('SIGINT')).toEqual({ code: 0, signal: null })
  })

  it('reconnects when the emulator restarts and goes on printing (NDJSON with --json)', {
    timeout: scaled(90_000),
  }, async () => {
    let emulator = await serve()
    const port = new URL(emulator.origin).port
    const logs = tail(emulator.api, '--json', '--path', '/api/v1/orders')
    await logs.waitFor(/Ready!/, 'stderr')
    await call(emulator.api, '/orders/ORD-404')
    await logs.waitFor(/ORD-404/)
    await emulator.stop('SIGTERM')
    await logs.waitFor(/reconnecting in/, 'stderr')
    emulator = await serve(port)
    await logs.waitFor(/Reconnected to http:\/\/127\.0\.0\.1:\d+; resuming after request \d+/, 'stderr')
    await call(emulator.api, '/orders/ORD-405')
    await logs.waitFor(/ORD-405/)
    const entries = logs
      .stdout()
      .trim()
      .split('\n')
      .map((line) => RequestLogEntrySchema.parse(JSON.parse(line)))
    expect(entries.map((e) => [e.path, e.status, e.reason])).toEqual([
      ['/api/v1/orders/ORD-404', 404, 'order not found: ORD-404'],
      ['/api/v1/orders/ORD-405', 404, 'order not found: ORD-405'],
    ])
    expect(await logs.stop('SIGINT')).toEqual({ code: 0, signal: null })
  })

  it('refuses a bad filter before connecting (exit 2) and a wrong key (exit 4)', {
    timeout: scaled(60_000),
  }, async () => {
    const emulator = await serve()
    const bad = tail(emulator.api, '--status', '4x')
    expect(await bad.exited).toEqual({ code: 2, signal: null })
    expect(bad.stderr()).toBe('error: --status: must be a status class (2xx, 3xx, 4xx, 5xx) or a status code\n')
    const wrong = spawnStore([
      'logs',
      'tail',
      '--base-url',
      emulator.api,
      '--api-key',
      'sk_live_wrongwrongwrongwrongwrong',
    ])
    running.push(wrong)
    expect(await wrong.exited).toEqual({ code: 4, signal: null })
    expect(wrong.stderr()).toMatch(/^error: invalid API key sk_live_…rong: it is unknown or was revoked/)
  })

  it("leaves out the store CLI's own /_emulator calls, not an app's", { timeout: scaled(60_000) }, async () => {
    const emulator = await serve()
    const logs = tail(emulator.api)
    await logs.waitFor(/Ready! .*the store CLI's own \/_emulator calls are left out/, 'stderr')
    const asCli = { headers: { 'user-agent': 'store-cli' } }
    expect((await call(emulator.origin, '/_emulator/shops', asCli)).status).toBe(200)
    expect((await call(emulator.origin, '/_emulator/clock')).status).toBe(200)
    expect((await call(emulator.api, '/products', asCli)).status).toBe(200)
    await logs.waitFor(/\/api\/v1\/products\t200/)
    const lines = logs.stdout().trim().split('\n')
    expect(lines.map((l) => l.split('\t').slice(1, 4).join(' '))).toEqual([
      'GET /_emulator/clock 200',
      'GET /api/v1/products 200',
    ])
    expect(await logs.stop('SIGINT')).toEqual({ code: 0, signal: null })
  })

  it('stops with the reason when store serve keeps no request log (--no-request-log), exit 5', {
    timeout: scaled(60_000),
  }, async () => {
    const emulator = await serve('0', '--no-request-log')
    expect((await call(emulator.api, '/products')).status).toBe(200)
    const logs = tail(emulator.api)
    expect(await logs.exited).toEqual({ code: 5, signal: null })
    expect(logs.stderr()).toBe(
      'error: the request log is off: this emulator records no requests (store serve --no-request-log, or options.recordRequests: false). Start it without that flag or option to inspect requests.\n',
    )
  })
})
