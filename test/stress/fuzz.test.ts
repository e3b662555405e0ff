import fc from 'fast-check'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { E2E_KEY, call, ensureBuilt, startServe, tmpFolder, type ServeProcess } from '../e2e/serve-process.js'
import { TEST_KEY } from '../helpers/emulator.js'
import { FUZZ_SEED, ROUTES, describeRequest, fuzz, requestArb, type FuzzRequest } from '../reliability/fuzz-model.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * Property-based fuzzing, the long run: the generators of test/reliability/fuzz.test.ts
 * ten times longer in-process (store compared before and after every refusal), then over real HTTP
 * against `store serve` (what the Node HTTP layer adds: sockets, framing, Latin-1 headers), then
 * bytes no fetch client would send, straight onto a socket. FUZZ_SEED=<seed> replays a failure.
 */

const RUNS_PER_FAMILY = 1_500
const HTTP_RUNS = 3_000

describe('fuzzing every route, long run (in-process, store compared)', () => {
  const families = [...new Set(ROUTES.map((r) => r.family))]
  it.each(families)(
    '%s',
    async (family) => {
      await fuzz(
        ROUTES.filter((r) => r.family === family),
        { numRuns: RUNS_PER_FAMILY, seed: FUZZ_SEED },
      )
    },
    120_000,
  )
})

const { dir, remove } = tmpFolder('store-fuzz-')
let server: ServeProcess
beforeAll(async () => {
  ensureBuilt()
  // No storefront write limit: the generated requests aim at every route from one address.
  server = await startServe([
    '--port',
    '0',
    '--db',
    join(dir, 'db.json'),
    '--api-key',
    E2E_KEY,
    '--seed',
    'demo',
    '--storefront-rate-limit',
    'off',
  ])
}, scaled(120_000))
afterAll(async () => {
  await server?.stop('SIGKILL')
  remove()
})

/** A generated request over HTTP: the fuzz key swapped for the server's, ids resolved from the demo shop. */
async function sendOverHttp(r: FuzzRequest): Promise<void> {
  const path = r.path.map((part) => (typeof part === 'string' ? part : 'x')).join('')
  const headers = new Headers()
  const swap = (value: string) => value.replaceAll(TEST_KEY, E2E_KEY)
  if (r.headers.authorization !== undefined && !r.route.isPublic)
    headers.set('authorization', swap(r.headers.authorization))
  if (r.headers.shop !== undefined) headers.set('x-service-shop', r.headers.shop)
  if (r.headers.contentType !== undefined) headers.set('content-type', r.headers.contentType)
  if (r.headers.accept !== undefined) headers.set('accept', r.headers.accept)
  if (r.headers.lastEventId !== undefined) headers.set('last-event-id', r.headers.lastEventId)
  // A form's own Origin is the in-process one (localhost): over HTTP the dashboard's is the server's.
  for (const [name, value] of Object.entries(r.body?.headers ?? {}))
    headers.set(name, name === 'origin' && value === 'http://localhost' ? server.origin : value)
  const hasBody = r.method !== 'GET' && r.method !== 'HEAD' && r.body !== undefined
  const res = await fetch(`${server.origin}${path}${r.query}`, {
    method: r.method,
    headers,
    body: hasBody ? (r.body!.bytes as Uint8Array<ArrayBuffer>) : undefined,
    redirect: 'manual',
  })
  const type = res.headers.get('content-type') ?? ''
  let text = ''
  if (/^text\/event-stream/.test(type)) await res.body?.cancel()
  else text = await res.text()
  const context = `${describeRequest(r, path)}\n→ ${res.status} ${type} ${text.slice(0, 300)}`
  expect(res.status, context).toBeLessThan(500)
  if (res.status >= 400 && r.method !== 'HEAD' && !/^text\/html/.test(type)) {
    expect(type, context).toMatch(/^application\/json/)
    expect(typeof (JSON.parse(text) as { error?: unknown }).error, context).toBe('string')
  }
}

describe('fuzzing store serve over HTTP', () => {
  it(
    `answers ${HTTP_RUNS} generated requests without a 5xx or an internal error`,
    async () => {
      await fc.assert(fc.asyncProperty(requestArb(ROUTES), sendOverHttp), { numRuns: HTTP_RUNS, seed: FUZZ_SEED })
      expect(server.stdout() + server.stderr()).not.toMatch(/internal error/)
    },
    scaled(180_000),
  )
})

/** Writes raw bytes on a new connection; the status of the first answer (0: the server closed without one). */
function raw(bytes: Buffer | string, o: { holdMs?: number; closeAfterWrite?: boolean } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server.origin)
    const socket = connect(Number(port), '127.0.0.1')
    let answer = ''
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(-1)
    }, o.holdMs ?? 3_000)
    socket.on('connect', () => {
      socket.write(bytes)
      if (o.closeAfterWrite) {
        socket.destroy()
        clearTimeout(timer)
        resolve(0)
      }
    })
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(timer)
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)
      resolve(status ? Number(status[1]) : 0)
    })
    socket.on('timeout', reject)
  })
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`
const auth = `Authorization: Bearer ${E2E_KEY}`

describe('raw bytes on the socket', () => {
  const CASES: [string, Buffer | string][] = [
    [
      'Latin-1 bytes in Authorization',
      Buffer.concat([
        Buffer.from('GET /api/v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer '),
        Buffer.from([0xff, 0xfe, 0xe9]),
        Buffer.from('\r\nConnection: close\r\n\r\n'),
      ]),
    ],
    [
      'Latin-1 bytes in X-Service-Shop',
      Buffer.concat([
        Buffer.from(`GET /api/v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}\r\nX-Service-Shop: d`),
        Buffer.from([0xe9, 0x6d, 0x6f]),
        Buffer.from('\r\nConnection: close\r\n\r\n'),
      ]),
    ],
    ['a NUL in a header', head(['GET /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', `${auth}\0`, 'Connection: close'])],
    [
      'raw 0xFF in the path',
      Buffer.concat([
        Buffer.from('GET /api/v1/products/'),
        Buffer.from([0xff, 0xc0]),
        Buffer.from(` HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}\r\nConnection: close\r\n\r\n`),
      ]),
    ],
    [
      'an invalid percent escape in the path',
      head(['GET /api/v1/products/%ff%fe%ZZ HTTP/1.1', 'Host: 127.0.0.1', auth, 'Connection: close']),
    ],
    ['an unknown method', head(['BREW /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Connection: close'])],
    [
      'an absolute-form target',
      head(['GET http://evil.example/api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Connection: close']),
    ],
    ['HTTP/1.0 without Host', head(['GET /api/v1/products HTTP/1.0', auth])],
    [
      'a negative Content-Length',
      head([
        'POST /api/v1/products HTTP/1.1',
        'Host: 127.0.0.1',
        auth,
        'Content-Type: application/json',
        'Content-Length: -1',
        'Connection: close',
      ]),
    ],
    [
      'a non-numeric Content-Length',
      head([
        'POST /api/v1/products HTTP/1.1',
        'Host: 127.0.0.1',
        auth,
        'Content-Type: application/json',
        'Content-Length: abc',
        'Connection: close',
      ]),
    ],
    [
      'two different Content-Lengths',
      `${head(['POST /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Content-Type: application/json', 'Content-Length: 2', 'Content-Length: 7', 'Connection: close'])}{}`,
    ],
    [
      'Content-Length with Transfer-Encoding',
      `${head(['POST /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Content-Type: application/json', 'Content-Length: 2', 'Transfer-Encoding: chunked', 'Connection: close'])}0\r\n\r\n`,
    ],
    [
      'a broken chunk size',
      `${head(['POST /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Content-Type: application/json', 'Transfer-Encoding: chunked', 'Connection: close'])}zz\r\n{}\r\n0\r\n\r\n`,
    ],
    [
      'a body shorter than its Content-Length, then the end of the request',
      `${head(['POST /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Content-Type: application/json', 'Content-Length: 50', 'Connection: close'])}{"name":`,
    ],
    [
      'a body longer than its Content-Length (garbage pipelined after it)',
      `${head(['POST /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Content-Type: application/json', 'Content-Length: 2'])}{}{"name":"x"} GARBAGE\r\n\r\n`,
    ],
    [
      'a header of 64 KiB',
      head([
        'GET /api/v1/products HTTP/1.1',
        'Host: 127.0.0.1',
        auth,
        `X-Big: ${'a'.repeat(64 * 1024)}`,
        'Connection: close',
      ]),
    ],
    [
      'a path of 64 KiB',
      head([`GET /api/v1/products/${'a'.repeat(64 * 1024)} HTTP/1.1`, 'Host: 127.0.0.1', auth, 'Connection: close']),
    ],
    [
      'a chunked body of 2 MiB',
      `${head(['POST /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Content-Type: application/json', 'Transfer-Encoding: chunked', 'Connection: close'])}${(2 * 1024 * 1024).toString(16)}\r\n{"name":"${'a'.repeat(2 * 1024 * 1024 - 11)}"}\r\n0\r\n\r\n`,
    ],
    [
      'a declared body of 2 MiB',
      `${head(['POST /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Content-Type: application/json', `Content-Length: ${2 * 1024 * 1024}`, 'Connection: close'])}{"name":"${'a'.repeat(2 * 1024 * 1024 - 11)}"}`,
    ],
    [
      'three pipelined requests',
      `${head(['GET /api/v1/products?limit=1 HTTP/1.1', 'Host: 127.0.0.1', auth])}${head(['GET /nope HTTP/1.1', 'Host: 127.0.0.1'])}${head(['GET /api/v1/orders?limit=1 HTTP/1.1', 'Host: 127.0.0.1', auth, 'Connection: close'])}`,
    ],
    ['pure garbage', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 73 + 11) % 256))],
  ]

  it.each(CASES)('%s: never a 5xx, and the server keeps answering', async (_case, bytes) => {
    const status = await raw(bytes)
    expect(status).toBeLessThan(500)
    expect((await call(server.api, '/products?limit=1')).status).toBe(200)
  })

  it('survives clients that vanish mid-request, and 200 slow clients holding connections open', async () => {
    // Mid-headers, mid-body and right after the headers of a request that awaits a body.
    await raw('POST /api/v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le', { closeAfterWrite: true })
    await raw(
      `${head(['POST /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Content-Type: application/json', 'Content-Length: 1000'])}{"name":"half`,
      { closeAfterWrite: true },
    )
    await raw(
      `${head(['POST /storefront/demo/checkout HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', 'Content-Length: 1000'])}{"items":[`,
      { closeAfterWrite: true },
    )
    await raw(
      `${head(['POST /_emulator/orders/ORD-2/pay HTTP/1.1', 'Host: 127.0.0.1', auth, 'Content-Type: application/json', 'Content-Length: 1000'])}{"amount":`,
      { closeAfterWrite: true },
    )
    await raw(
      `${head(['POST /_dashboard/login HTTP/1.1', 'Host: 127.0.0.1', `Origin: ${server.origin}`, 'Content-Type: application/x-www-form-urlencoded', 'Content-Length: 1000'])}key=sk_`,
      { closeAfterWrite: true },
    )
    const slow = Array.from({ length: 200 }, (_, i) =>
      raw(
        i % 2
          ? 'GET /api/v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\n'
          : `${head(['POST /api/v1/products HTTP/1.1', 'Host: 127.0.0.1', auth, 'Content-Type: application/json', 'Content-Length: 100'])}{"na`,
        { holdMs: 2_000 },
      ),
    )
    const started = performance.now()
    for (let i = 0; i < 20; i++) expect((await call(server.api, '/products?limit=5')).status).toBe(200)
    expect(performance.now() - started).toBeLessThan(2_000)
    await Promise.all(slow)
    await new Promise((resolve) => setTimeout(resolve, 200))
    // A vanished client is not the emulator's failure: nothing logged as an internal error.
    const log = (server.stdout() + server.stderr()).split('\n')
    const internal = log.flatMap((line, i) => (/internal error/.test(line) ? [log.slice(i, i + 12).join(' | ')] : []))
    expect(internal.map((line) => line.slice(0, 1500))).toEqual([])
  })
})
