import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { StoreClient } from '../../../src/client/index.js'
import { httpFetch } from '../../../src/cli/http-fetch.js'
import { cleanups, realEmulator, runCliTo, startProxyCli, TEST_KEY, type Relayed, wrongUpstream } from './harness.js'

const edit = (answer: Relayed, change: (body: Record<string, unknown>) => unknown): Relayed => ({
  ...answer,
  body: JSON.stringify(change(JSON.parse(answer.body))),
})

interface Fault {
  name: string
  alter: (answer: Relayed) => Relayed
  session: (client: StoreClient) => Promise<unknown>
  /** The proxy's line: route → status: field: expected …, got … */
  mismatch: string
  /** The drift report's line for the entry. */
  drift: RegExp
}

const FAULTS: Fault[] = [
  {
    name: 'a field renamed',
    alter: (a) =>
      a.method === 'POST' && a.path === '/products' ? edit(a, ({ price, ...rest }) => ({ ...rest, amount: price })) : a,
    session: (client) => client.products.create({ name: 'Renamed', type: 'Service', price: 3 }),
    mismatch: '! POST /products → 201: price: expected number, got nothing',
    drift:
      /entry 0 {2}POST \/products {2}missing field: amount: recorded number, emulator nothing\n.*extra field: price: recorded nothing, emulator number/,
  },
  {
    name: 'a type changed',
    alter: (a) =>
      a.method === 'POST' && a.path === '/coupons' ? edit(a, (c) => ({ ...c, value: String(c.value) })) : a,
    session: (client) => client.coupons.create({ code: 'TYPED', type: 'fixed', value: 2 }),
    mismatch: '! POST /coupons → 201: value: expected number, got string "2"',
    drift: /entry 0 {2}POST \/coupons {2}type: value: recorded string, emulator number/,
  },
  {
    name: 'a status changed',
    alter: (a) => (a.method === 'POST' && a.status === 201 ? { ...a, status: 200 } : a),
    session: (client) => client.coupons.create({ code: 'STATUS', type: 'fixed', value: 2 }),
    mismatch:
      '! POST /coupons → 200: (status): expected one of 201, 400, 401, 403, 404, 409, 413, 415, 429, 500, 507, got 200',
    drift: /entry 0 {2}POST \/coupons {2}status: \(status\): recorded 200, emulator 201/,
  },
  {
    name: 'a different error form',
    alter: (a) => (a.status === 404 ? edit(a, (e) => ({ message: e.error })) : a),
    session: (client) => client.products.get('prod_missing').catch(() => undefined),
    mismatch: '! GET /products/{id} → 404: error: expected string, got nothing',
    drift:
      /entry 0 {2}GET \/products\/prod_missing {2}error form: message: recorded string, emulator nothing\n.*error form: error: recorded nothing, emulator string/,
  },
  {
    name: 'a missing page',
    alter: (a) =>
      a.path.startsWith('/products?') && a.path.includes('cursor=')
        ? { ...a, status: 404, body: '{"error":"cursor: no such page"}' }
        : a,
    session: async (client) => {
      const first = await client.products.list({ limit: 3 })
      await client.products.list({ limit: 3, cursor: first.nextCursor ?? '' }).catch(() => undefined)
    },
    mismatch: '! GET /products → 404: (status): expected one of 200, 400, 401, 403, 429, 500, got 404',
    drift: /entry 1 {2}GET \/products\?limit=3&cursor=\S+ {2}status: \(status\): recorded 404, emulator 200/,
  },
]

describe('a hosted service that answers differently', () => {
  it.each(FAULTS)('$name: the proxy reports it and drift finds it', async (fault) => {
    const dir = mkdtempSync(join(tmpdir(), 'store-fidelity-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const emulator = await realEmulator()
    cleanups.push(() => emulator.stop())
    const hosted = await wrongUpstream(emulator.api, fault.alter)
    cleanups.push(() => hosted.stop())
    const proxy = await startProxyCli(['--upstream', hosted.api, '--record', 'wrong.har'], dir)
    await fault.session(new StoreClient({ baseUrl: proxy.api, apiKey: TEST_KEY, fetch: httpFetch, retry: false }))
    proxy.stop()
    expect(await proxy.done).toBe(1)
    expect(proxy.stdout().split('\n')).toContain(fault.mismatch)
    expect(proxy.stderr()).toMatch(
      /error: 1 of \d+ answers broke the spec's schemas \(\d+ mismatch(es)?, printed above\)/,
    )

    const fresh = await realEmulator({ seed: 'empty' })
    cleanups.push(() => fresh.stop())
    const drift = await runCliTo(['drift', 'wrong.har', '--base-url', fresh.api, '--api-key', TEST_KEY], dir)
    expect(drift.code).toBe(1)
    expect(drift.stdout).toMatch(fault.drift)
    expect(drift.stderr).toMatch(/^error: the emulator answered 1 of \d+ requests? of wrong.har differently/m)

    const json = await runCliTo(['drift', 'wrong.har', '--base-url', fresh.api, '--api-key', TEST_KEY, '--json'], dir)
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({ file: 'wrong.har', ok: false, differences: expect.any(Number) })
  })
})
