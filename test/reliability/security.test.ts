import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashKey } from '../../src/emulator/services/accounts/rules.js'
import { E2E_KEY, call, ensureBuilt, startServe, tmpFolder, type ServeProcess } from '../e2e/serve-process.js'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'
import { FOREIGN, ROUTES, fuzzEmulator } from './fuzz-model.js'
import type { TestEmulator } from './helpers.js'
import { scaled } from '../helpers/time-scale.js'

/** Security: how keys are checked, logged and scoped. Page escaping is in escaping.test.ts. */

const source = (path: string) => readFileSync(new URL(`../../src/${path}`, import.meta.url), 'utf8')

/** The longest run of characters of `secret` that appears in `text`. */
function longestSharedRun(text: string, secret: string): number {
  let longest = 0
  for (let start = 0; start < secret.length; start++) {
    for (let end = secret.length; end > start + longest; end--) {
      if (text.includes(secret.slice(start, end))) {
        longest = end - start
        break
      }
    }
  }
  return longest
}

/** A login to the dashboard with `key`: the session cookie. */
async function login(emu: TestEmulator, key: string): Promise<string> {
  const res = await emu.app.request('/_dashboard/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: new URLSearchParams({ key }).toString(),
  })
  expect(res.status).toBe(303)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]
}

describe('API keys are compared in constant time', () => {
  it('looks the key up by its SHA-256 and compares hashes with timingSafeEqual, never the secret itself', () => {
    const auth = source('emulator/services/accounts/service.ts')
    const rules = source('emulator/services/accounts/rules.ts')
    const lookup = auth.slice(auth.indexOf('  keyOf(secret: string)'), auth.indexOf('  keyById('))
    expect(auth).toMatch(/import \{[^}]*\btimingSafeEqual\b[^}]*\} from 'node:crypto'/)
    expect(rules).toMatch(/import \{[^}]*\bhash\b[^}]*\} from 'node:crypto'/)
    expect(rules).toMatch(
      /export function hashKey\(secret: string\): string \{\n\s*return hash\('sha256', secret, 'hex'\)/,
    )
    expect(hashKey('sk_test_abc')).toBe(createHash('sha256').update('sk_test_abc').digest('hex'))
    expect(auth).toMatch(/import \{[^}]*\bhashKey\b[^}]*\} from '\.\/rules\.js'/)
    expect(lookup).toMatch(/const hash = hashKey\(secret\)/)
    // The lookup is by hash (a Map keyed by the digest), then the digests are compared in constant time.
    expect(lookup).toMatch(/keys\.getBy\('hash', hash\)/)
    expect(lookup).toMatch(/timingSafeEqual\(Buffer\.from\(key\.hash, 'hex'\), Buffer\.from\(hash, 'hex'\)\)/)
    // No string comparison of the presented secret with anything (Bearer auth and its middleware).
    const middleware = source('emulator/middleware/auth.ts')
    for (const code of [lookup, middleware]) {
      expect(code).not.toMatch(/match\[1\]\s*[!=]==|[!=]==\s*match\[1\]/)
      expect(code).not.toMatch(/secret\s*[!=]==|[!=]==\s*secret/)
    }
    // The dashboard login finds the key the same way: by hash only, with the lookup above.
    const session = source('emulator/routes/dashboard/session.ts')
    expect(session).toMatch(/accounts\.keyOf\(secret\.trim\(\)\)/)
    expect(session).not.toMatch(/secret\s*[!=]==|[!=]==\s*secret/)
  })

  it('stores keys as hashes: no secret in the store, in any field', async () => {
    const emu = await testEmulator()
    const created = (await (await emu.request('/_emulator/keys', { method: 'POST', json: { name: 'ci' } })).json()) as {
      secret: string
    }
    const keys = emu.store.snapshot().keys as Record<string, unknown>[]
    expect(keys).toHaveLength(2)
    const stored = JSON.stringify(emu.store.snapshot())
    for (const secret of [TEST_KEY, created.secret]) {
      expect(stored).not.toContain(secret)
      expect(keys.some((k) => k.hash === hashKey(secret))).toBe(true)
    }
  })

  it('answers a wrong key the same whether it differs early, late, or in length', async () => {
    const emu = await testEmulator()
    const wrong = [
      `X${TEST_KEY.slice(1)}`,
      `${TEST_KEY.slice(0, -1)}X`,
      `${TEST_KEY}X`,
      TEST_KEY.slice(0, -1),
      'sk_live_short',
    ]
    const answers = await Promise.all(
      wrong.map(async (key) => {
        const res = await emu.request('/api/v1/products', { headers: { authorization: `Bearer ${key}` } })
        const body = (await res.json()) as { error: string }
        // The message masks the key it names: at most its first 8 and last 4 characters, and at most half of it.
        expect(longestSharedRun(body.error, key)).toBeLessThanOrEqual(key.length / 2)
        return [res.status, body.error.replace(/invalid API key \S+/, 'invalid API key …')]
      }),
    )
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    expect(answers[0][0]).toBe(401)
  })
})

describe('API keys are never read from the query string', () => {
  const PARAMS = ['api_key', 'key', 'access_token', 'apiKey', 'token', 'authorization', 'bearer']
  const PATHS = [
    '/api/v1/products',
    '/api/v1/orders/ord_demo_1',
    '/_emulator/shops',
    '/_emulator/events',
    '/_emulator/webhooks/logs',
    '/_dashboard/api/v1/products',
  ]

  it.each(PARAMS)(
    '?%s=<a valid key> without the header answers 401 JSON on every authenticated path',
    async (param) => {
      const emu = await testEmulator()
      for (const path of PATHS) {
        const res = await emu.app.request(`${path}?${param}=${encodeURIComponent(TEST_KEY)}`)
        expect(res.status, path).toBe(401)
        expect(res.headers.get('content-type'), path).toMatch(/^application\/json/)
        expect(((await res.json()) as { error: string }).error, path).toMatch(/^(missing API key|not logged in)/)
      }
      // Also refused as "Bearer" with the key in a cookie or another header.
      const cookie = await emu.app.request('/api/v1/products', {
        headers: { cookie: `api_key=${TEST_KEY}`, 'x-api-key': TEST_KEY },
      })
      expect(cookie.status).toBe(401)
    },
  )
})

describe("one account cannot reach another account's shops", () => {
  let emu: TestEmulator
  let foreignShopId: string
  beforeAll(async () => {
    emu = await fuzzEmulator()
    foreignShopId = emu.services.storefront.shop(FOREIGN.slug).id
  })

  const refusal = (wanted: string) =>
    `X-Service-Shop: shop "${wanted}" is not a shop of this account. List yours with GET /_emulator/shops.`

  it('answers X-Service-Shop of a foreign shop (by slug or id) with 403, word for word as an unknown shop', async () => {
    for (const [key, wanted] of [
      [TEST_KEY, FOREIGN.slug],
      [TEST_KEY, foreignShopId],
      [FOREIGN.key, 'demo'],
      [FOREIGN.key, emu.services.storefront.shop('demo').id],
      [TEST_KEY, 'no-such-shop'],
    ]) {
      const res = await emu.request('/api/v1/products', {
        headers: { authorization: `Bearer ${key}`, 'x-service-shop': wanted },
      })
      expect(res.status, wanted).toBe(403)
      expect(await res.json(), wanted).toEqual({ error: refusal(wanted) })
    }
  })

  it('refuses every authenticated route of the table with 403 when X-Service-Shop names the foreign shop', async () => {
    const authed = ROUTES.filter((r) => !r.isPublic)
    for (const route of authed) {
      const path = route.path.replace(/\{(\w+)\}/g, 'x')
      const before = JSON.stringify(emu.store.snapshot())
      const res = await emu.request(path, {
        method: route.method,
        headers: { 'x-service-shop': FOREIGN.slug },
        json: route.method === 'GET' ? undefined : (route.example ?? {}),
      })
      expect([res.status, route.path], `${route.method} ${route.path}`).toEqual([403, route.path])
      expect(JSON.stringify(emu.store.snapshot())).toBe(before)
    }
  })

  it("keeps the foreign key in its own shop: the demo shop's records are 404 by every id form, lists are its own", async () => {
    const foreign = { authorization: `Bearer ${FOREIGN.key}` }
    for (const path of [
      '/api/v1/products/prod_demo_serial',
      '/api/v1/products/rec_demoSerial001',
      '/api/v1/orders/ORD-1',
      '/api/v1/orders/ord_demo_1',
      '/api/v1/coupons/cpn_demo_welcome',
      '/api/v1/customers/ada@example.com',
      '/api/v1/groups/grp_demo_bundle',
      '/_emulator/products/prod_demo_serial/fulfilment',
    ]) {
      expect((await emu.request(path, { headers: foreign })).status, path).toBe(404)
    }
    const writes: [string, string, unknown][] = [
      ['POST', '/_emulator/orders/ord_demo_2/pay', {}],
      ['POST', '/_emulator/orders/ord_demo_1/dispute', undefined],
      ['PUT', '/api/v1/products/prod_demo_serial', { price: 0 }],
      ['DELETE', '/api/v1/products/prod_demo_serial', undefined],
      ['PUT', '/_emulator/products/prod_demo_serial/fulfilment', { serials: ['MINE'] }],
    ]
    const before = JSON.stringify(emu.store.snapshot())
    for (const [method, path, json] of writes)
      expect((await emu.request(path, { method, headers: foreign, json })).status, path).toBe(404)
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
    expect(await (await emu.request('/api/v1/products', { headers: foreign })).json()).toEqual({
      products: [],
      nextCursor: null,
    })
    const shops = (await (await emu.request('/_emulator/shops', { headers: foreign })).json()) as {
      shops: { slug: string }[]
    }
    expect(shops.shops.map((s) => s.slug)).toEqual([FOREIGN.slug])
  })

  it("keeps keys per account: the foreign key neither lists nor revokes the demo account's keys", async () => {
    const demoKeys = (await (await emu.request('/_emulator/keys')).json()) as { keys: { id: string }[] }
    const foreign = { authorization: `Bearer ${FOREIGN.key}` }
    const listed = (await (await emu.request('/_emulator/keys', { headers: foreign })).json()) as {
      keys: { id: string }[]
    }
    expect(listed.keys.map((k) => k.id).filter((id) => demoKeys.keys.some((d) => d.id === id))).toEqual([])
    for (const { id } of demoKeys.keys)
      expect((await emu.request(`/_emulator/keys/${id}`, { method: 'DELETE', headers: foreign })).status).toBe(404)
    expect((await emu.request('/api/v1/products')).status).toBe(200)
  })

  it('streams no event of the demo shop to the foreign key, live or replayed', async () => {
    const target = await fuzzEmulator()
    await target.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'Secret launch', price: 1, type: 'Digital' },
    })
    const res = await target.request('/_emulator/events', {
      headers: { authorization: `Bearer ${FOREIGN.key}`, 'last-event-id': '0' },
    })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    let text = ''
    const first = await reader.read()
    text += new TextDecoder().decode(first.value)
    await target.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'Second launch', price: 1, type: 'Digital' },
    })
    const next = await Promise.race([
      reader.read().then((r) => new TextDecoder().decode(r.value)),
      new Promise<string>((resolve) => setTimeout(() => resolve(''), 100)),
    ])
    text += next
    await reader.cancel()
    expect(text).toMatch(/^retry: /)
    expect(text).not.toMatch(/^data:/m)
    expect(text).not.toContain('launch')
    target.services.events.stop()
  })

  it('keeps a dashboard session of the foreign key out of the demo shop', async () => {
    const cookie = await login(emu, FOREIGN.key)
    const page = await emu.app.request('/_dashboard/products?shop=demo', { headers: { cookie } })
    expect(page.status).toBe(403)
    expect(await page.text()).not.toContain('Game Key')
    const api = await emu.app.request('/_dashboard/api/v1/products', { headers: { cookie, 'x-service-shop': 'demo' } })
    expect(api.status).toBe(403)
    const own = await emu.app.request('/_dashboard/api/v1/products/prod_demo_serial', { headers: { cookie } })
    expect(own.status).toBe(404)
  })
})

describe('store serve never logs a key in full', () => {
  const { dir, remove } = tmpFolder('store-keys-')
  let server: ServeProcess
  beforeAll(async () => {
    ensureBuilt()
    server = await startServe(['--port', '0', '--db', join(dir, 'db.json'), '--api-key', E2E_KEY, '--seed', 'demo'])
  }, scaled(60_000))
  afterAll(async () => {
    await server?.stop('SIGKILL')
    remove()
  })

  it('keeps good, wrong, new and query-string keys out of stdout, stderr and every db file', async () => {
    const wrong = `${E2E_KEY.slice(0, -1)}Z`
    const newKey = (await (
      await call(server.origin, '/_emulator/keys', { method: 'POST', json: { name: 'ci' } })
    ).json()) as { secret: string }
    expect(newKey.secret).toMatch(/^sk_live_\w{32}$/)
    expect((await call(server.api, '/products')).status).toBe(200)
    expect((await call(server.api, '/products', { key: newKey.secret })).status).toBe(200)
    expect((await call(server.api, '/products', { key: wrong })).status).toBe(401)
    for (const param of ['api_key', 'key', 'access_token']) {
      expect((await call(server.api, `/products?${param}=${E2E_KEY}`, { key: null })).status).toBe(401)
    }
    expect((await call(server.origin, `/_emulator/events?access_token=${newKey.secret}`, { key: null })).status).toBe(
      401,
    )
    const loginRes = await fetch(`${server.origin}/_dashboard/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin },
      body: new URLSearchParams({ key: newKey.secret }).toString(),
    })
    expect(loginRes.status).toBe(303)
    expect(
      (
        await fetch(`${server.origin}/_dashboard/login`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin },
          body: new URLSearchParams({ key: wrong }).toString(),
        })
      ).status,
    ).toBe(401)
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })

    const output = server.stdout() + server.stderr()
    // The per-request log ran (no --quiet), and the banner names the key masked.
    expect(output).toMatch(/GET \/api\/v1\/products 401/)
    expect(output).toContain(`${E2E_KEY.slice(0, 8)}…${E2E_KEY.slice(-4)}`)
    // Every file, saved states beside the db included.
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => statSync(join(dir, name)).isFile())
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')] as const)
    expect(files.map(([name]) => name)).toContain('db.json')
    for (const secret of [E2E_KEY, wrong, newKey.secret]) {
      expect(longestSharedRun(output, secret), 'stdout/stderr').toBeLessThanOrEqual(8)
      for (const [name, content] of files) expect(longestSharedRun(content, secret), name).toBeLessThanOrEqual(8)
    }
  })

  it('does not print most of a short --api-key either', async () => {
    const short = 'Qz7vWx9kL2mPn'
    const other = await startServe([
      '--port',
      '0',
      '--db',
      join(dir, 'short.json'),
      '--api-key',
      short,
      '--seed',
      'empty',
    ])
    expect((await call(other.api, '/products', { key: short })).status).toBe(200)
    await other.stop('SIGTERM')
    expect(other.stdout()).toContain('API key     ****  (from --api-key)')
    expect(longestSharedRun(other.stdout() + other.stderr(), short)).toBeLessThan(5)
    // Nor does the db keep a hint of it (first 8 and last 4 characters would be 12 of its 13).
    expect(longestSharedRun(readFileSync(join(dir, 'short.json'), 'utf8'), short)).toBeLessThan(5)
  })
})
