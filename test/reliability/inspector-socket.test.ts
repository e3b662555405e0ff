import { serve, type ServerType } from '@hono/node-server'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'

/**
 * The request inspector over a real socket, where it keeps the headers Node parsed rather than the
 * request's Headers: an entry shows them as fetch's Headers would (names in lower case, repeated
 * headers joined, empty values kept, the key masked), and the answer's headers for short and long
 * answers alike.
 */

let server: ServerType
let port: number
let longProductId: string
beforeAll(async () => {
  const emu = await testEmulator()
  const created = await emu.request('/api/v1/products', {
    method: 'POST',
    json: { name: 'Long', price: 1, type: 'Service', description: 'x'.repeat(9_000) },
  })
  longProductId = (await created.json()).id
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: emu.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
  })
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

/** A GET with headers given as raw name/value pairs, so repeats and casing reach the server as written. */
function get(path: string, rawHeaders: string[]): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // Raw pairs get no default headers from Node: the Host is given here.
    const headers = ['Host', `127.0.0.1:${port}`, ...rawHeaders]
    const req = request({ port, path, method: 'GET', headers }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
      res.on('end', () => resolve({ status: res.statusCode!, text }))
    })
    req.on('error', reject)
    req.end()
  })
}

const auth = ['Authorization', `Bearer ${TEST_KEY}`]

describe('the request inspector over a socket', () => {
  it('shows the request headers as sent and the answer headers, for a short answer and a long one', async () => {
    const one = await get('/api/v1/products?limit=1', [...auth, 'X-Trace', 'a', 'x-trace', 'b', 'X-Empty', ''])
    expect(one.status).toBe(200)
    const many = await get(`/api/v1/products/${longProductId}`, auth)
    // Long enough that the log keeps only its start.
    expect(many.text.length).toBeGreaterThan(8_192)

    const log = await get('/_emulator/requests?limit=2', auth)
    const [long, short] = JSON.parse(log.text).requests
    expect(short.query).toBe('limit=1')
    expect(short.requestHeaders).toMatchObject({
      authorization: 'Bearer sk_live_…test',
      'x-trace': 'a, b',
      'x-empty': '',
      host: `127.0.0.1:${port}`,
    })
    expect(JSON.stringify(short.requestHeaders)).not.toContain(TEST_KEY)
    expect(short.responseHeaders).toMatchObject({ 'content-type': 'application/json' })
    expect(short.responseBody).toMatchObject({ text: one.text, truncated: false })

    expect(long.path).toBe(`/api/v1/products/${longProductId}`)
    expect(long.requestHeaders).toMatchObject({ authorization: 'Bearer sk_live_…test' })
    expect(long.responseHeaders).toMatchObject({ 'content-type': 'application/json' })
    expect(long.responseBody).toMatchObject({ size: many.text.length, truncated: true })
    expect(many.text.startsWith(long.responseBody.text)).toBe(true)
  })
})
