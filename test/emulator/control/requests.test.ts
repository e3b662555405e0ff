import { describe, expect, it } from 'vitest'
import { parseSse } from '../../../src/client/sse.js'
import {
  REQUEST_LOG_BODY_LIMIT,
  REQUEST_LOG_CAPACITY,
  RequestLogEntrySchema,
  RequestLogListSchema,
  type RequestLogEntry,
} from '../../../src/contract/requests.js'
import { TEST_KEY, dashboardCookie, testEmulator } from '../../helpers/emulator.js'
import { addAccount } from '../../reliability/helpers.js'

type Emu = Awaited<ReturnType<typeof testEmulator>>

async function log(emu: Emu, query = '', key = TEST_KEY): Promise<RequestLogEntry[]> {
  const res = await emu.request(`/_emulator/requests${query}`, { headers: { authorization: `Bearer ${key}` } })
  expect(res.status).toBe(200)
  return RequestLogListSchema.parse(await res.json()).requests
}

describe('the request inspector (GET /_emulator/requests)', () => {
  it("times each request by the account's clock (at) and by the machine's (receivedAt)", async () => {
    const emu = await testEmulator()
    await emu.request('/_emulator/clock/advance', { method: 'POST', json: { seconds: 86_400 } })
    await emu.request('/api/v1/coupons')
    const [entry] = await log(emu)
    expect(entry).toMatchObject({
      path: '/api/v1/coupons',
      at: '2026-06-02T12:00:00.000Z',
      receivedAt: '2026-06-01T12:00:00.000Z',
    })
  })

  it('records a refused request with its body, the answer and the reason in words, the key masked', async () => {
    const emu = await testEmulator()
    const sent = { name: '', price: -1, type: 'Serial' }
    const res = await emu.request('/api/v1/products?x=1', { method: 'POST', json: sent })
    expect(res.status).toBe(400)
    const [entry] = await log(emu)
    expect(entry).toEqual({
      id: 'req_1',
      sequence: 1,
      at: '2026-06-01T12:00:00.000Z',
      receivedAt: '2026-06-01T12:00:00.000Z',
      method: 'POST',
      path: '/api/v1/products',
      query: 'x=1',
      status: 400,
      durationMs: expect.any(Number),
      shop: 'demo',
      via: 'api',
      reason: 'name: must not be empty; price: must not be negative',
      requestHeaders: {
        authorization: 'Bearer sk_live_…test',
        'content-type': 'application/json',
      },
      requestBody: { text: JSON.stringify(sent), size: JSON.stringify(sent).length, truncated: false },
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: {
        text: JSON.stringify(await res.json()),
        size: expect.any(Number),
        truncated: false,
      },
    })
    expect(JSON.stringify(entry)).not.toContain(TEST_KEY)
  })

  it("masks a new key's secret in the answer and the caller's key wherever it appears", async () => {
    const emu = await testEmulator()
    const created = await (await emu.request('/_emulator/keys', { method: 'POST' })).json()
    await emu.request(`/api/v1/coupons?active=${TEST_KEY}`)
    const [query, key] = await log(emu)
    expect(key.responseBody!.text).toContain(`"secret":"${created.secret.slice(0, 8)}…${created.secret.slice(-4)}"`)
    expect(key.responseBody!.text).not.toContain(created.secret)
    expect(query.query).toBe('active=sk_live_…test')
    expect(query.reason).toBe('active: must be one of "true", "false"')
    expect(JSON.stringify([query, key])).not.toContain(TEST_KEY)
  })

  it(`cuts bodies at ${REQUEST_LOG_BODY_LIMIT} characters and says how long they were`, async () => {
    const emu = await testEmulator()
    const css = 'a{}'.repeat(5000)
    const res = await emu.request('/api/v1/themes/default', { method: 'PUT', json: { files: { 'custom.css': css } } })
    expect(res.status).toBe(200)
    const [entry] = await log(emu)
    const sent = JSON.stringify({ files: { 'custom.css': css } })
    expect(entry.requestBody).toEqual({
      text: sent.slice(0, REQUEST_LOG_BODY_LIMIT),
      size: sent.length,
      truncated: true,
    })
    expect(entry.responseBody!.truncated).toBe(true)
    expect(entry.responseBody!.text).toHaveLength(REQUEST_LOG_BODY_LIMIT)
  })

  it('records the answers the product routes send as ready JSON text, a list of them cut like any other', async () => {
    const emu = await testEmulator()
    const one = await emu.request('/api/v1/products/prod_demo_digital')
    const oneText = await one.text()
    const list = await emu.request('/api/v1/products?limit=100')
    const listText = await list.text()
    const [listed, got] = await log(emu)
    expect(got.responseBody).toEqual({
      text: oneText,
      size: oneText.length,
      truncated: oneText.length > REQUEST_LOG_BODY_LIMIT,
    })
    expect(listed.responseBody).toEqual({
      text: listText.slice(0, REQUEST_LOG_BODY_LIMIT),
      size: listText.length,
      truncated: listText.length > REQUEST_LOG_BODY_LIMIT,
    })
    expect(listed.responseHeaders['content-type']).toBe('application/json')
  })

  it('keeps long answers cut, with their headers, whether read before or after the next request', async () => {
    const emu = await testEmulator()
    const description = 'a product described at length. '.repeat(60)
    for (let i = 0; i < 6; i++)
      await emu.request('/api/v1/products', {
        method: 'POST',
        json: { name: `Long ${i}`, price: 1, type: 'Service', status: 'Live', description },
      })
    const listText = await (await emu.request('/api/v1/products?limit=100')).text()
    const [listed] = await log(emu)
    const css = 'a{}'.repeat(5000)
    const themeText = await (
      await emu.request('/api/v1/themes/default', { method: 'PUT', json: { files: { 'custom.css': css } } })
    ).text()
    await emu.request('/api/v1/orders')
    const [, themed, listedAgain] = await log(emu)
    expect(listText.length).toBeGreaterThan(REQUEST_LOG_BODY_LIMIT + 256)
    expect(themeText.length).toBeGreaterThan(REQUEST_LOG_BODY_LIMIT + 256)
    for (const [entry, text] of [
      [listed, listText],
      [listedAgain, listText],
      [themed, themeText],
    ] as const) {
      expect(entry.responseHeaders).toEqual({ 'content-type': 'application/json' })
      expect(entry.responseBody).toEqual({
        text: text.slice(0, REQUEST_LOG_BODY_LIMIT),
        size: text.length,
        truncated: true,
      })
    }
    expect(listedAgain).toEqual(listed)
  })

  it('records each answer as it was sent: its headers, JSON or not, and a 405 that replaced the 404', async () => {
    const emu = await testEmulator({ options: { rateLimit: { requests: 1, windowSeconds: 60 } } })
    await emu.request('/api/v1/coupons')
    const limited = await emu.request('/api/v1/coupons')
    expect(limited.status).toBe(429)
    const [refused] = await log(emu, '?status=429')
    expect(refused.responseHeaders).toEqual(Object.fromEntries(limited.headers))
    expect(refused.responseHeaders['retry-after']).toBe(limited.headers.get('retry-after'))

    const plain = await testEmulator()
    const notAllowed = await plain.request('/api/v1/products', { method: 'DELETE' })
    expect(notAllowed.status).toBe(405)
    const [replaced] = await log(plain, '?status=405')
    expect(replaced.responseHeaders).toEqual(Object.fromEntries(notAllowed.headers))
    expect(replaced.responseBody?.text).toBe(await notAllowed.text())
    expect(replaced.reason).toMatch(/^method DELETE is not allowed on \/api\/v1\/products/)

    const stream = await plain.request('/_emulator/events')
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/)
    await stream.body?.cancel()
    const [opened] = await log(plain, '?path=/_emulator/events')
    expect(opened.responseHeaders).toEqual(Object.fromEntries(stream.headers))
  })

  it('filters by status class or code, method and path prefix, and refuses a bad filter with 400', async () => {
    const emu = await testEmulator()
    await emu.request('/api/v1/orders')
    await emu.request('/api/v1/orders/ORD-404')
    await emu.request('/api/v1/coupons', { method: 'POST', json: { code: 'WELCOME10', type: 'fixed', value: 1 } })
    await emu.request('/_emulator/shops')
    const paths = (entries: RequestLogEntry[]) => entries.map((e) => `${e.method} ${e.path} ${e.status}`)
    expect(paths(await log(emu, '?status=4xx'))).toEqual(['POST /api/v1/coupons 409', 'GET /api/v1/orders/ORD-404 404'])
    expect(paths(await log(emu, '?status=404'))).toEqual(['GET /api/v1/orders/ORD-404 404'])
    expect(paths(await log(emu, '?method=post'))).toEqual(['POST /api/v1/coupons 409'])
    expect(paths(await log(emu, '?path=/api/v1/orders&limit=1'))).toEqual(['GET /api/v1/orders/ORD-404 404'])
    expect(paths(await log(emu, '?after=3'))).toEqual(['GET /_emulator/shops 200'])
    const bad = await emu.request('/_emulator/requests?status=4x')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      error: 'status: must be a status class (2xx, 3xx, 4xx, 5xx) or a status code',
      errors: [{ field: 'status', message: 'must be a status class (2xx, 3xx, 4xx, 5xx) or a status code' }],
    })
  })

  it('does not record its own reads, nor requests no account could be found for (401)', async () => {
    const emu = await testEmulator()
    await emu.request('/api/v1/products', { headers: { authorization: 'Bearer sk_live_nobodynobodynobodynobody' } })
    await emu.request('/_emulator/requests')
    await emu.request('/api/v1/openapi.json')
    expect(await log(emu)).toEqual([])
  })

  it('records a refused shop (403) with what X-Service-Shop named', async () => {
    const emu = await testEmulator()
    await emu.request('/api/v1/orders', { headers: { 'x-service-shop': 'elsewhere' } })
    const [entry] = await log(emu)
    expect(entry).toMatchObject({
      status: 403,
      shop: 'elsewhere',
      reason: 'X-Service-Shop: shop "elsewhere" is not a shop of this account. List yours with GET /_emulator/shops.',
    })
  })

  it("shows each account only its own requests, and one request by id (another account's is 404)", async () => {
    const emu = await testEmulator()
    const other = 'sk_live_otherotherotherotherotherother1'
    await addAccount(emu, { slug: 'other', key: other })
    await emu.request('/api/v1/orders')
    await emu.request('/api/v1/products', { headers: { authorization: `Bearer ${other}` } })
    expect((await log(emu)).map((e) => e.path)).toEqual(['/api/v1/orders'])
    expect((await log(emu, '', other)).map((e) => [e.id, e.path, e.shop])).toEqual([
      ['req_1', '/api/v1/products', 'other'],
    ])
    const mine = await emu.request('/_emulator/requests/req_1')
    expect(RequestLogEntrySchema.parse(await mine.json()).path).toBe('/api/v1/orders')
    const missing = await emu.request('/_emulator/requests/req_2')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      error: `request not found: req_2 (the log keeps the last ${REQUEST_LOG_CAPACITY} requests of each account)`,
    })
  })

  it(`keeps the last ${REQUEST_LOG_CAPACITY} requests of an account`, async () => {
    const emu = await testEmulator()
    for (let i = 0; i < REQUEST_LOG_CAPACITY + 5; i++) await emu.request('/api/v1/customers?limit=1')
    const kept = await log(emu, `?limit=${REQUEST_LOG_CAPACITY}`)
    expect(kept).toHaveLength(REQUEST_LOG_CAPACITY)
    expect(kept[0].sequence).toBe(REQUEST_LOG_CAPACITY + 5)
    expect(kept.at(-1)!.sequence).toBe(6)
    expect((await emu.request('/_emulator/requests/req_5')).status).toBe(404)
  })

  it('records what the dashboard sends with its session, under the API path', async () => {
    const emu = await testEmulator()
    const cookie = await dashboardCookie(emu.app)
    const res = await emu.app.request('/_dashboard/api/v1/orders/ORD-1', { headers: { cookie } })
    expect(res.status).toBe(200)
    const [entry] = await log(emu)
    expect(entry).toMatchObject({ method: 'GET', path: '/api/v1/orders/ORD-1', status: 200, via: 'dashboard' })
    expect(entry.requestHeaders.cookie).toMatch(/^store_dashboard=[0-9a-f]{8}…[0-9a-f]{4}$/)
  })

  it('streams each new request as Server-Sent Events, filtered, and replays after Last-Event-ID', async () => {
    const emu = await testEmulator()
    await emu.request('/api/v1/orders/ORD-404')
    await emu.request('/api/v1/orders')
    const res = await emu.request('/_emulator/requests?status=4xx', {
      headers: { accept: 'text/event-stream', 'last-event-id': '0' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    const messages = parseSse(res.body!)
    await emu.request('/api/v1/products')
    await emu.request('/api/v1/coupons/NOPE')
    const first = (await messages.next()).value!
    const second = (await messages.next()).value!
    await messages.return(undefined)
    expect([first.id, JSON.parse(first.data).path]).toEqual(['1', '/api/v1/orders/ORD-404'])
    expect([second.id, JSON.parse(second.data).path, JSON.parse(second.data).reason]).toEqual([
      '4',
      '/api/v1/coupons/NOPE',
      'coupon not found: NOPE',
    ])
  })

  it('shows the log on the dashboard with every string an app sent escaped', async () => {
    const emu = await testEmulator()
    const xss = '<img src=x onerror=alert(1)>'
    await emu.request(`/api/v1/orders/${encodeURIComponent(xss)}?q=${encodeURIComponent(xss)}`)
    await emu.request('/api/v1/coupons', { method: 'POST', json: { code: 'A', type: xss, value: 1 } })
    const cookie = await dashboardCookie(emu.app)
    for (const path of ['/_dashboard/requests', '/_dashboard/requests/req_1', '/_dashboard/requests/req_2']) {
      const page = await emu.app.request(path, { headers: { cookie } })
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).not.toContain(xss)
      expect(html).toMatch(/&lt;img src=x onerror=alert\(1\)&gt;|%3Cimg%20src%3Dx/)
    }
    const list = await (
      await emu.app.request('/_dashboard/requests?status=4xx&method=POST', { headers: { cookie } })
    ).text()
    expect(list).toContain('data-request="req_2"')
    expect(list).not.toContain('data-request="req_1"')
  })
})

describe('the request inspector turned off (options.recordRequests: false, store serve --no-request-log)', () => {
  const OFF = {
    error:
      'the request log is off: this emulator records no requests (store serve --no-request-log, or options.recordRequests: false). Start it without that flag or option to inspect requests.',
  }

  it('answers every read of the log, JSON or a stream, with a 404 that says how to turn it on', async () => {
    const emu = await testEmulator({ options: { recordRequests: false } })
    expect((await emu.request('/api/v1/orders/ORD-404')).status).toBe(404)
    for (const [path, accept] of [
      ['/_emulator/requests', 'application/json'],
      ['/_emulator/requests?status=4xx', 'text/event-stream'],
      ['/_emulator/requests/req_1', 'application/json'],
    ]) {
      const res = await emu.request(path, { headers: { accept } })
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 404, 'application/json'])
      expect(await res.json()).toEqual(OFF)
    }
  })

  it("says so on the dashboard's Requests page", async () => {
    const emu = await testEmulator({ options: { recordRequests: false } })
    const cookie = await dashboardCookie(emu.app)
    const page = await emu.app.request('/_dashboard/requests', { headers: { cookie } })
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('the request log is off')
  })
})
