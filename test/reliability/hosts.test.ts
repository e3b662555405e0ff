import { join } from 'node:path'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStoreHandlers } from '../../src/msw/index.js'
import { E2E_KEY, ensureBuilt, startServe, tmpFolder, type ServeProcess } from '../e2e/serve-process.js'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'

/**
 * Issue 11, "no Host check (DNS rebinding)": a request for a name the emulator was not told about
 * is refused whatever it asks; the dashboard's form check admits only those names; absolute URLs
 * come from the configured origin, never from the request.
 */

const auth = { authorization: `Bearer ${TEST_KEY}` }

describe('the Host check, in-process', () => {
  it.each([
    'http://localhost/api/v1/products',
    'http://LOCALHOST:4010/api/v1/products',
    'http://127.0.0.1:4010/api/v1/products',
    'http://[::1]:4010/api/v1/products',
    'http://10.1.2.3/api/v1/products',
    'http://shop.localhost/api/v1/products',
    'http://store.test:4010/api/v1/products',
  ])('answers %s', async (url) => {
    const emu = await testEmulator({ options: { allowedHosts: ['Store.Test'] } })
    expect((await emu.app.request(url, { headers: auth })).status).toBe(200)
  })

  it.each([
    ['the API', 'http://rebind.example/api/v1/products'],
    ['the control API', 'http://rebind.example:4010/_emulator/shops'],
    ['the storefront', 'http://127.0.0.1.rebind.example/storefront/demo/products'],
    ['the dashboard', 'http://localhost.example/_dashboard/login'],
  ])('refuses %s on a foreign name with 403, naming the flag that admits it', async (_what, url) => {
    const emu = await testEmulator()
    const res = await emu.app.request(url, { headers: auth })
    expect(res.status).toBe(403)
    const host = new URL(url).hostname
    expect(await res.json()).toEqual({
      error: `host "${host}" is not one this emulator answers to (a guard against DNS rebinding); use http://127.0.0.1 or http://localhost, or start store serve with --allowed-host ${host} to admit it`,
    })
  })

  it('refuses a dashboard login posted from a page on a foreign name, even when the Host is admitted', async () => {
    const emu = await testEmulator()
    const login = (origin: string) =>
      emu.app.request('http://127.0.0.1:4010/_dashboard/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: `key=${TEST_KEY}`,
      })
    expect((await login('http://rebind.example:4010')).status).toBe(403)
    expect((await login('http://127.0.0.1:9999')).status).toBe(403)
    expect((await login('http://127.0.0.1:4010')).status).toBe(303)
  })

  it('builds invoiceUrl and Location on the configured origin, not on the Host asked for', async () => {
    const emu = await testEmulator({ options: { publicOrigin: 'http://127.0.0.1:4010', allowedHosts: ['alias.test'] } })
    const res = await emu.app.request('http://alias.test/storefront/demo/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: 'rec_demoSerial001' }], email: 'b@example.com' }),
    })
    expect(res.status).toBe(201)
    const { invoiceUrl, order } = (await res.json()) as { invoiceUrl: string; order: { id: string } }
    expect(invoiceUrl).toBe(`http://127.0.0.1:4010/storefront/demo/invoices/${order.id}`)
    expect(res.headers.get('location')).toBe(invoiceUrl)
  })
})

describe('the MSW handlers admit their own origin', () => {
  const handlers = createStoreHandlers(http, { origin: 'https://api.store-mock.test' })
  const server = setupServer(...handlers)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(async () => {
    server.close()
    await handlers.reset()
  })

  it('answers its origin and builds invoiceUrl on it', async () => {
    const res = await fetch('https://api.store-mock.test/storefront/demo/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: 'rec_demoSerial001' }], email: 'b@example.com' }),
    })
    expect(res.status).toBe(201)
    const { invoiceUrl } = (await res.json()) as { invoiceUrl: string }
    expect(invoiceUrl.startsWith('https://api.store-mock.test/storefront/demo/invoices/')).toBe(true)
  })
})

describe('the Host check in store serve', () => {
  const { dir, remove } = tmpFolder('store-hosts-')
  let server: ServeProcess
  beforeAll(async () => {
    ensureBuilt()
    server = await startServe([
      '--port',
      '0',
      '--db',
      join(dir, 'db.json'),
      '--api-key',
      E2E_KEY,
      '--allowed-host',
      'store.test',
      '--allowed-host',
      'other.test',
      '--quiet',
    ])
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    remove()
  })

  /** A GET with the given Host header over a raw socket (fetch will not send a Host of its own choosing). */
  async function getWithHost(host: string, path: string): Promise<{ status: number; headers: string; body: string }> {
    const { request } = await import('node:http')
    const { port } = new URL(server.origin)
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          headers: { host, authorization: `Bearer ${E2E_KEY}`, accept: 'application/json' },
        },
        (res) => {
          let body = ''
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: JSON.stringify(res.headers), body }))
        },
      )
      req.on('error', reject)
      req.end()
    })
  }

  it('answers 127.0.0.1, localhost and every --allowed-host name; refuses any other with 403', async () => {
    const { port } = new URL(server.origin)
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `store.test:${port}`, 'OTHER.test'])
      expect((await getWithHost(host, '/api/v1/products?limit=1')).status, host).toBe(200)
    const refused = await getWithHost(`rebind.example:${port}`, '/api/v1/products?limit=1')
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body).error).toMatch(/--allowed-host rebind\.example to admit it$/)
  })

  it('builds invoiceUrl on the address it listens on, whichever admitted name was asked', async () => {
    const { request } = await import('node:http')
    const { port } = new URL(server.origin)
    const body = JSON.stringify({ items: [{ productId: 'rec_demoSerial001' }], email: 'b@example.com' })
    const answer = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/storefront/demo/checkout',
          headers: { host: `store.test:${port}`, 'content-type': 'application/json' },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
          res.on('end', () => resolve(text))
        },
      )
      req.on('error', reject)
      req.end(body)
    })
    expect(
      (JSON.parse(answer) as { invoiceUrl: string }).invoiceUrl.startsWith(
        `${server.origin}/storefront/demo/invoices/`,
      ),
    ).toBe(true)
  })
})
