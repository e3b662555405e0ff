import { hasOpenssl, selfSignedCertificate } from '../helpers/certificate.js'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, it } from 'vitest'
import {
  E2E_KEY,
  ROOT,
  call,
  ensureBuilt,
  refusedServe,
  startServe,
  tmpFolder,
  type ServeProcess,
} from './serve-process.js'
import { scaled } from '../helpers/time-scale.js'

const running = new Set<ServeProcess>()
const folders: (() => void)[] = []

async function serve(args: string[], env?: Record<string, string>): Promise<ServeProcess> {
  const server = await startServe(['--port', '0', '--api-key', E2E_KEY, ...args], { env })
  running.add(server)
  void server.exited.then(() => running.delete(server))
  return server
}

function folder(): string {
  const { dir, remove } = tmpFolder()
  folders.push(remove)
  return dir
}

const NO_STACK = /\n\s+at .+\(|node:internal/
const PRODUCT = { name: 'E2E Widget', price: 12.5, type: 'Digital', status: 'Live' }

beforeAll(() => ensureBuilt(), 120_000)
afterAll(async () => {
  await Promise.all([...running].map((s) => s.stop('SIGKILL')))
  for (const remove of folders) remove()
})

// Each test spawns `store serve` (about 0.7 s to start on an idle 2-core machine); allow for a busy one.
describe('store serve (child process, real HTTP)', { timeout: scaled(60_000) }, () => {
  it.concurrent('serves products CRUD and answers 401 without a valid key', async ({ expect }) => {
    const server = await serve(['--db', join(folder(), 'db.json'), '--seed', 'empty', '--quiet'])
    const created = await call(server.api, '/products', { method: 'POST', json: PRODUCT })
    expect(created.status).toBe(201)
    const product = await created.json()
    expect(product).toMatchObject({ ...PRODUCT, currency: 'USD', stock: null })
    expect((await call(server.api, '/products')).status).toBe(200)
    expect(await (await call(server.api, '/products')).json()).toEqual({ products: [product], nextCursor: null })
    expect(await (await call(server.api, `/products/${product.productId}`)).json()).toEqual(product)

    const updated = await call(server.api, `/products/${product.id}`, { method: 'PUT', json: { price: 15 } })
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({ id: product.id, price: 15 })
    const deleted = await call(server.api, `/products/${product.id}`, { method: 'DELETE' })
    expect(await deleted.json()).toEqual({ success: true })
    expect((await call(server.api, `/products/${product.id}`)).status).toBe(404)

    const anonymous = await call(server.api, '/products', { key: null })
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({
      error: 'missing API key: send the header Authorization: Bearer <API_KEY>',
    })
    const wrong = await call(server.api, '/products', { key: 'sk_live_wrongwrongwrong' })
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).error).toMatch(/^invalid API key sk_live_…rong: /)
    expect(await server.stop()).toEqual({ code: 0, signal: null })
  })

  it.concurrent.for(['SIGTERM', 'SIGINT'] as const)(
    'flushes on %s, exits 0 and has the data after a restart',
    async (signal, { expect }) => {
      const db = join(folder(), 'db.json')
      const first = await serve(['--db', db, '--seed', 'empty', '--quiet'])
      const product = await (await call(first.api, '/products', { method: 'POST', json: PRODUCT })).json()
      expect(await first.stop(signal)).toEqual({ code: 0, signal: null })
      expect([existsSync(db), existsSync(`${db}.journal`), existsSync(`${db}.lock`)]).toEqual([true, false, false])
      expect(JSON.parse(readFileSync(db, 'utf8')).products).toEqual([expect.objectContaining({ id: product.id })])

      const second = await serve(['--db', db, '--quiet'])
      expect(await (await call(second.api, `/products/${product.id}`)).json()).toEqual(product)
      expect(second.stdout()).toMatch(/API key\s+sk_test_…cdef {2}\(from --api-key\)/)
      await second.stop()
    },
  )

  it.concurrent('has every acknowledged write after a SIGKILL (journal replay)', async ({ expect }) => {
    const db = join(folder(), 'db.json')
    const first = await serve(['--db', db, '--seed', 'empty', '--quiet'])
    const products = await Promise.all(
      [1, 2, 3].map(async (n) =>
        (await call(first.api, '/products', { method: 'POST', json: { ...PRODUCT, name: `Kill ${n}` } })).json(),
      ),
    )
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' })
    expect(existsSync(`${db}.lock`)).toBe(true)
    const second = await serve(['--db', db, '--quiet'])
    for (const product of products)
      expect(await (await call(second.api, `/products/${product.id}`)).json()).toEqual(product)
    await second.stop()
  })

  it.concurrent('refuses a second serve on the same db: exit 2, the holder named, no stack trace', async ({
    expect,
  }) => {
    const db = join(folder(), 'db.json')
    const first = await serve(['--db', db, '--quiet'])
    const second = await refusedServe(['--port', '0', '--db', db])
    expect(second.code).toBe(2)
    expect(second.stderr).toBe(
      `error: db file ${db} is in use by another store serve (pid ${first.pid}). Stop that process first, or pass another --db. If no store serve is running (the pid was reused), delete ${db}.lock.\n`,
    )
    expect(second.stdout).toBe('')
    // The first one is unharmed.
    expect((await call(first.api, '/products')).status).toBe(200)
    await first.stop()
  })

  it.concurrent.for([
    [
      'not JSON',
      'this is not json',
      /^error: db file (\S+) was refused: it is not valid JSON \(.+\)\. It was left untouched; fix it or start with another --db\.\n$/,
    ],
    [
      'an invalid record',
      JSON.stringify({ version: 1, products: [{ id: 'p' }] }),
      /^error: db file (\S+) was refused: products\[0\]\.productId: .+\. It was left untouched; fix it or start with another --db\.\n$/,
    ],
  ] as const)(
    'refuses a db file that is %s: exit 2, stderr names the file, file unchanged',
    async ([, content, message], { expect }) => {
      const db = join(folder(), 'db.json')
      writeFileSync(db, content)
      const result = await refusedServe(['--port', '0', '--db', db])
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(message)
      expect(message.exec(result.stderr)![1]).toBe(db)
      expect(result.stderr).not.toMatch(NO_STACK)
      expect(readFileSync(db, 'utf8')).toBe(content)
      expect([existsSync(`${db}.lock`), existsSync(`${db}.journal`)]).toEqual([false, false])
    },
  )

  it.concurrent('--seed empty starts with no products; the default demo seed has them', async ({ expect }) => {
    const empty = await serve(['--db', join(folder(), 'db.json'), '--seed', 'empty', '--quiet'])
    expect(await (await call(empty.api, '/products')).json()).toEqual({ products: [], nextCursor: null })
    await empty.stop()
    const demo = await serve(['--db', join(folder(), 'db.json'), '--quiet'])
    const { products } = await (await call(demo.api, '/products')).json()
    expect(new Set(products.map((p: { type: string }) => p.type)).size).toBe(8)
    await demo.stop()
  })

  it.concurrent('--seed FILE loads its records with their ids; a bad seed file is refused naming record and field', async ({
    expect,
  }) => {
    const dir = folder()
    const seedFile = join(dir, 'seed.json')
    writeFileSync(
      seedFile,
      JSON.stringify({
        products: [
          { id: 'prod_seeded', productId: 'rec_seeded01', name: 'Seeded', price: 4, type: 'Digital', status: 'Live' },
        ],
        coupons: [{ code: 'save10', type: 'percentage', value: 10 }],
      }),
    )
    const server = await serve(['--db', join(dir, 'db.json'), '--seed', seedFile, '--quiet'])
    const product = await (await call(server.api, '/products/rec_seeded01')).json()
    expect(product).toMatchObject({ id: 'prod_seeded', name: 'Seeded', price: 4, currency: 'USD', stock: null })
    expect((await call(server.api, '/products')).status).toBe(200)
    await server.stop()

    const badSeed = join(dir, 'bad-seed.json')
    writeFileSync(
      badSeed,
      JSON.stringify({
        products: [
          { name: 'Fine', price: 1, type: 'Digital' },
          { name: 'Broken', price: 'cheap', type: 'Digital' },
        ],
      }),
    )
    const refused = await refusedServe(['--port', '0', '--db', join(dir, 'other.json'), '--seed', badSeed])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(
      new RegExp(`^error: seed file ${badSeed} was refused: products\\[1\\]\\.price: .*number.*\\n$`),
    )
    expect(existsSync(join(dir, 'other.json'))).toBe(false)
    const notJson = join(dir, 'not-json.json')
    writeFileSync(notJson, '{ nope')
    const refusedJson = await refusedServe(['--port', '0', '--db', join(dir, 'other.json'), '--seed', notJson])
    expect(refusedJson.code).toBe(2)
    expect(refusedJson.stderr).toMatch(new RegExp(`^error: seed file ${notJson} cannot be used: `))
  })

  it.concurrent('--rate-limit 3/60 answers the 4th request 429 with Retry-After', async ({ expect }) => {
    const server = await serve(['--db', ':memory:', '--rate-limit', '3/60', '--quiet'])
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await call(server.api, '/products')).status)
    expect(statuses).toEqual([200, 200, 200])
    const limited = await call(server.api, '/products')
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await limited.json()).toEqual({
      error: `rate limit exceeded: 3 requests per 60 s per key; retry after ${retryAfter} s`,
    })
    await server.stop()
  })

  it.concurrent('--fail-rate 1 answers every /api/v1 request with a 500 JSON error', async ({ expect }) => {
    const server = await serve(['--db', ':memory:', '--fail-rate', '1', '--quiet'])
    const res = await call(server.api, '/products')
    expect(res.status).toBe(500)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({ error: 'injected failure (--fail-rate); retry the request' })
    await server.stop()
  })

  it.concurrent('--latency 300 delays every /api/v1 answer by at least 300 ms', async ({ expect }) => {
    const server = await serve(['--db', ':memory:', '--latency', '300', '--quiet'])
    const started = performance.now()
    const res = await call(server.api, '/products')
    expect(res.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    await server.stop()
  })

  it.concurrent('refuses a --port in use: exit 2 and what to do', async ({ expect }) => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as import('node:net').AddressInfo).port
    try {
      const db = join(folder(), 'db.json')
      const result = await refusedServe(['--port', String(port), '--db', db, '--api-key', E2E_KEY])
      expect(result.code).toBe(2)
      expect(result.stderr).toBe(
        `error: --port ${port}: the port is in use on 127.0.0.1. Stop what uses it, or pass --port 0 for a free one.\n`,
      )
      expect(existsSync(`${db}.lock`)).toBe(false)
    } finally {
      blocker.close()
    }
  })

  it.concurrent('refuses unusable TLS files with exit 2 before touching the db', async ({ expect }) => {
    const dir = folder()
    const result = await refusedServe([
      '--port',
      '0',
      '--db',
      join(dir, 'db.json'),
      '--tls-cert',
      join(dir, 'missing.pem'),
      '--tls-key',
      join(dir, 'missing.key'),
    ])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `error: --tls-cert ${join(dir, 'missing.pem')}: cannot be read (ENOENT). Pass a PEM file that exists.\n`,
    )
    expect(existsSync(join(dir, 'db.json'))).toBe(false)
  })

  it.concurrent('serves HTTPS with --tls-cert/--tls-key (skipped without openssl)', async ({ expect, skip }) => {
    skip(!hasOpenssl, 'openssl is not installed: no certificate to serve')
    const dir = folder()
    const { key, cert } = selfSignedCertificate(dir)
    const server = await serve(['--db', ':memory:', '--tls-cert', cert, '--tls-key', key, '--quiet'])
    expect(server.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpsRequest(
        `${server.api}/products`,
        { ca: readFileSync(cert), headers: { authorization: `Bearer ${E2E_KEY}` } },
        (res) => {
          let body = ''
          res
            .setEncoding('utf8')
            .on('data', (chunk) => (body += chunk))
            .on('end', () => resolve({ status: res.statusCode!, body }))
        },
      )
      req.on('error', reject).end()
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body).products.length).toBeGreaterThan(0)
    await server.stop()
  })

  it.concurrent('prints the banner and one log line per request, none with --quiet, never the key', async ({
    expect,
  }) => {
    const loud = await serve(['--db', ':memory:'])
    await call(loud.api, '/products')
    await call(loud.api, '/products/nope')
    await call(loud.api, '/products', { key: null })
    await expect.poll(() => loud.stdout()).toMatch(/GET \/api\/v1\/products 401/)
    expect(loud.stdout()).toMatch(
      /^store serve: Online Store API emulator\n {2}API {9}http:\/\/127\.0\.0\.1:\d+\/api\/v1\n/,
    )
    expect(loud.stdout()).toMatch(/\nGET \/api\/v1\/products 200 \d+\.\dms\n/)
    expect(loud.stdout()).toMatch(/\nGET \/api\/v1\/products\/nope 404 \d+\.\dms\n/)
    expect(loud.stdout()).not.toContain(E2E_KEY)
    expect(loud.stderr()).toBe('')
    await loud.stop()

    const quiet = await serve(['--db', ':memory:', '--quiet'])
    await call(quiet.api, '/products')
    await quiet.stop()
    expect(quiet.stdout()).not.toMatch(/GET \/api\/v1/)
  })

  it.concurrent('--db :memory: keeps nothing on disk', async ({ expect }) => {
    const server = await serve(['--db', ':memory:', '--quiet'])
    expect((await call(server.api, '/products', { method: 'POST', json: PRODUCT })).status).toBe(201)
    expect(await server.stop()).toEqual({ code: 0, signal: null })
    expect(existsSync(join(ROOT, ':memory:'))).toBe(false)
  })

  it.concurrent('refuses bad flag values with exit 2 before starting', async ({ expect }) => {
    for (const [args, message] of [
      [['--port', 'abc'], 'error: --port: "abc" is not a port (0-65535)\n'],
      [['--rate-limit', 'lots'], 'error: --rate-limit: "lots" is not N/SECONDS, e.g. 100/10\n'],
      [['--fail-rate', '2'], 'error: --fail-rate: "2" is not a share between 0 and 1\n'],
    ] as const) {
      const result = await refusedServe([...args, '--db', ':memory:'])
      expect([result.code, result.stderr]).toEqual([2, message])
    }
  })
})
