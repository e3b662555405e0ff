import { describe, expect, it } from 'vitest'
import { TEST_KEY, testEmulator } from '../../helpers/emulator.js'

const ORIGIN = 'http://localhost'
type Emu = Awaited<ReturnType<typeof testEmulator>>

function postForm(
  emu: Emu,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: ORIGIN },
) {
  return emu.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  })
}

async function login(emu: Emu, key = TEST_KEY) {
  const res = await postForm(emu, '/_dashboard/login', { key })
  return { res, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] }
}

const PAGES = [
  '/_dashboard',
  '/_dashboard/products',
  '/_dashboard/orders',
  '/_dashboard/orders/ORD-1',
  '/_dashboard/customers',
  '/_dashboard/subscriptions',
  '/_dashboard/webhooks',
  '/_dashboard/events',
  '/_dashboard/queries',
  '/_dashboard/requests',
  '/_dashboard/reference',
]

describe('dashboard login', () => {
  it.each(PAGES)('sends %s to the login page without a session', async (path) => {
    const emu = await testEmulator()
    const res = await emu.app.request(path)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/_dashboard/login?next=${encodeURIComponent(path)}`)
  })

  it('refuses every JSON helper without a session with 401 JSON', async () => {
    const emu = await testEmulator()
    for (const path of [
      '/_dashboard/api/emulator/shops',
      '/_dashboard/api/emulator/webhooks',
      '/_dashboard/api/emulator/events',
      '/_dashboard/api/v1/orders',
    ]) {
      const res = await emu.app.request(path)
      expect(res.status, path).toBe(401)
      expect(await res.json()).toEqual({ error: expect.stringContaining('not logged in') })
    }
    const write = await emu.app.request('/_dashboard/api/emulator/orders/ORD-2/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-dashboard-request': '1' },
      body: '{}',
    })
    expect(write.status).toBe(401)
  })

  it('also refuses a Bearer key on the dashboard: only its own session opens it', async () => {
    const emu = await testEmulator()
    const res = await emu.app.request('/_dashboard/api/emulator/shops', {
      headers: { authorization: `Bearer ${TEST_KEY}` },
    })
    expect(res.status).toBe(401)
  })

  it('refuses a wrong key with 401 and no cookie', async () => {
    const emu = await testEmulator()
    const { res } = await login(emu, 'sk_live_wrongwrongwrongwrongwrongwrong')
    expect(res.status).toBe(401)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await res.text()).toContain('not a key of this emulator')
  })

  it('opens an HttpOnly, SameSite=Strict session cookie that holds no key', async () => {
    const emu = await testEmulator()
    const { res } = await login(emu)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/_dashboard')
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/^store_dashboard=[0-9a-f]{64}; /)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).toContain('Path=/_dashboard')
    expect(cookie).not.toContain(TEST_KEY)
  })

  it('follows only a dashboard path after login', async () => {
    const emu = await testEmulator()
    const inside = await postForm(emu, '/_dashboard/login', { key: TEST_KEY, next: '/_dashboard/orders?shop=demo' })
    expect(inside.headers.get('location')).toBe('/_dashboard/orders?shop=demo')
    for (const next of ['https://evil.example/', '//evil.example/', '/api/v1/products']) {
      const res = await postForm(emu, '/_dashboard/login', { key: TEST_KEY, next })
      expect(res.headers.get('location'), next).toBe('/_dashboard')
    }
  })

  it('refuses a login form posted from another origin (CSRF)', async () => {
    const emu = await testEmulator()
    const res = await postForm(emu, '/_dashboard/login', { key: TEST_KEY }, { origin: 'http://evil.example' })
    expect(res.status).toBe(403)
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  it('serves the JSON helpers with the session, and wants the dashboard header on writes', async () => {
    const emu = await testEmulator()
    const { cookie } = await login(emu)
    const read = await emu.app.request('/_dashboard/api/emulator/shops', { headers: { cookie } })
    expect(read.status).toBe(200)
    expect((await read.json()).shops.map((s: { slug: string }) => s.slug)).toEqual(['demo'])
    const body = JSON.stringify({ name: 'Second', slug: 'second' })
    const bare = await emu.app.request('/_dashboard/api/emulator/shops', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body,
    })
    expect(bare.status).toBe(403)
    expect((await bare.json()).error).toContain('x-dashboard-request')
    const ok = await emu.app.request('/_dashboard/api/emulator/shops', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-dashboard-request': '1' },
      body,
    })
    expect(ok.status).toBe(201)
    const order = await emu.app.request('/_dashboard/api/v1/orders/ORD-2', { headers: { cookie } })
    expect((await order.json()).orderNumber).toBe('ORD-2')
  })

  it('grants no CORS on the dashboard', async () => {
    const emu = await testEmulator()
    const res = await emu.app.request('/_dashboard/api/emulator/shops', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-dashboard-request',
      },
    })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('ends the session on logout and when its key is revoked', async () => {
    const emu = await testEmulator()
    const first = await login(emu)
    const out = await postForm(emu, '/_dashboard/logout', {}, { origin: ORIGIN, cookie: first.cookie })
    expect(out.status).toBe(303)
    expect(out.headers.get('set-cookie')).toMatch(/^store_dashboard=; /)
    expect((await emu.app.request('/_dashboard', { headers: { cookie: first.cookie } })).status).toBe(303)

    const created = await emu.request('/_emulator/keys', { method: 'POST', json: { name: 'temp' } })
    const { id, secret } = await created.json()
    const second = await login(emu, secret)
    expect((await emu.app.request('/_dashboard', { headers: { cookie: second.cookie } })).status).toBe(200)
    expect((await emu.request(`/_emulator/keys/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await emu.app.request('/_dashboard', { headers: { cookie: second.cookie } })).status).toBe(303)
  })

  it('renders every page with the session, and 403 for a shop of no account of the key', async () => {
    const emu = await testEmulator()
    const { cookie } = await login(emu)
    for (const path of PAGES) {
      const res = await emu.app.request(path, { headers: { cookie } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.text()).not.toContain(TEST_KEY)
    }
    const foreign = await emu.app.request('/_dashboard?shop=nope', { headers: { cookie } })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('content-type')).toContain('text/html')
  })
})
