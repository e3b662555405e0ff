import { once } from 'node:events'
import { request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EmulatorOptions } from '../../src/emulator/deps.js'
import { createStoreHandlers } from '../../src/msw/index.js'
import { E2E_KEY, ensureBuilt, startServe, tmpFolder, type ServeProcess } from '../e2e/serve-process.js'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * No Host check (DNS rebinding): a request over the network for a name the emulator
 * was not told about is refused whatever it asks; the dashboard's form check admits only those
 * names; absolute URLs come from the configured origin, never from the request. In-process
 * requests (app.request, MSW) pick their own origin and are not checked.
 */

const auth = { authorization: `Bearer ${TEST_KEY}` }

interface Answer {
  status: number
  location?: string
  body: string
}

/** The test emulator's app behind a real HTTP server on 127.0.0.1, asked with any Host header (fetch cannot set one). */
async function served(options: EmulatorOptions = {}) {
  const emu = await testEmulator({ options })
  const server = serve({ fetch: emu.app.fetch, port: 0, hostname: '127.0.0.1' }) as unknown as Server
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const ask = (
    host: string,
    path: string,
    o: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, method: o.method ?? 'GET', headers: { ...o.headers, host } },
        (res) => {
          let body = ''
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }))
        },
      )
      req.on('error', reject)
      req.end(o.body)
    })
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return { emu, port, ask, close }
}

const open: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of open.splice(0)) await close()
})

async function server(options: EmulatorOptions = {}) {
  const s = await served(options)
  open.push(s.close)
  return s
}

describe('the Host check over HTTP', () => {
  it.each([
    'localhost',
    'LOCALHOST:4010',
    '127.0.0.1:4010',
    '[::1]:4010',
    '10.1.2.3',
    'shop.localhost',
    'store.test:4010',
  ])('answers Host %s', async (host) => {
    const { ask } = await server({ allowedHosts: ['Store.Test'] })
    expect((await ask(host, '/api/v1/products?limit=1', { headers: auth })).status).toBe(200)
  })

  it.each([
    ['the API', 'rebind.example', '/api/v1/products'],
    ['the control API', 'rebind.example:4010', '/_emulator/shops'],
    ['the storefront', '127.0.0.1.rebind.example', '/storefront/demo/products'],
    ['the dashboard', 'localhost.example', '/_dashboard/login'],
  ])('refuses %s on a foreign name with 403, naming the flag that admits it', async (_what, host, path) => {
    const { ask } = await server()
    const res = await ask(host, path, { headers: auth })
    expect(res.status).toBe(403)
    const name = host.replace(/:\d+$/, '')
    expect(JSON.parse(res.body)).toEqual({
      error: `host "${name}" is not one this emulator answers to (a guard against DNS rebinding); use http://127.0.0.1 or http://localhost, or start store serve with --allowed-host ${name} to admit it`,
    })
  })

  it('takes a dashboard login only from a page of its own origin on an admitted name', async () => {
    const { ask, port } = await server({ allowedHosts: ['alias.test'] })
    const login = (host: string, origin: string) =>
      ask(host, '/_dashboard/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: `key=${TEST_KEY}`,
      })
    expect((await login(`127.0.0.1:${port}`, `http://rebind.example:${port}`)).status).toBe(403)
    expect((await login(`127.0.0.1:${port}`, 'http://127.0.0.1:9999')).status).toBe(403)
    expect((await login(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`)).status).toBe(303)
    expect((await login(`alias.test:${port}`, `http://alias.test:${port}`)).status).toBe(303)
  })

  it('builds invoiceUrl and Location on the configured origin, not on the Host asked for', async () => {
    const { ask } = await server({ publicOrigin: 'http://127.0.0.1:4010', allowedHosts: ['alias.test'] })
    const res = await ask('alias.test', '/storefront/demo/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: 'rec_demoSerial001' }], email: 'b@example.com' }),
    })
    expect(res.status).toBe(201)
    const { invoiceUrl, order } = JSON.parse(res.body) as { invoiceUrl: string; order: { id: string } }
    expect(invoiceUrl).toBe(`http://127.0.0.1:4010/storefront/demo/invoices/${order.id}`)
    expect(res.location).toBe(invoiceUrl)
  })
})

describe('in-process requests', () => {
  it('are not checked: the code holding the app picks its origin, and no page can rebind it', async () => {
    const emu = await testEmulator()
    expect((await emu.app.request('http://emulator.test/api/v1/products?limit=1', { headers: auth })).status).toBe(200)
    const login = await emu.app.request('http://emulator.test/_dashboard/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://emulator.test' },
      body: `key=${TEST_KEY}`,
    })
    expect(login.status).toBe(303)
  })
})

describe('the MSW handlers', () => {
  const handlers = createStoreHandlers(http, { origin: 'https://api.store-mock.test' })
  const server = setupServer(...handlers)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(async () => {
    server.close()
    await handlers.reset()
  })

  it('answer on their origin, whatever its name, and build invoiceUrl on it', async () => {
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
  let serveProcess: ServeProcess
  beforeAll(async () => {
    ensureBuilt()
    serveProcess = await startServe([
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
  }, scaled(60_000))
  afterAll(async () => {
    await serveProcess?.stop()
    remove()
  })

  /** A GET with the given Host header over a raw socket (fetch will not send a Host of its own choosing). */
  async function getWithHost(host: string, path: string): Promise<{ status: number; headers: string; body: string }> {
    const { port } = new URL(serveProcess.origin)
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
    const { port } = new URL(serveProcess.origin)
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `store.test:${port}`, 'OTHER.test'])
      expect((await getWithHost(host, '/api/v1/products?limit=1')).status, host).toBe(200)
    const refused = await getWithHost(`rebind.example:${port}`, '/api/v1/products?limit=1')
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body).error).toMatch(/--allowed-host rebind\.example to admit it$/)
  })

  it('builds invoiceUrl on the address it listens on, whichever admitted name was asked', async () => {
    const { port } = new URL(serveProcess.origin)
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
        `${serveProcess.origin}/storefront/demo/invoices/`,
      ),
    ).toBe(true)
  })
})
