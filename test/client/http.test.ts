import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { StoreClient, type ResponseDrift } from '../../src/client/index.js'
import { OPERATIONS } from '../../src/contract/operations/index.js'
import { StoreError } from '../../src/contract/errors.js'
import { productRow } from '../helpers/rows.js'

const BASE = 'https://shop.example/api/v1'
const KEY = 'sk_live_abcdefghijklmnopqrstuvwxyz012345'
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const product = productRow({ id: 'p1', name: 'Key', type: 'Serial' })

function client(extra: ConstructorParameters<typeof StoreClient>[0] = {}) {
  const sleeps: number[] = []
  const lines: string[] = []
  const c = new StoreClient({
    baseUrl: BASE,
    apiKey: KEY,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    log: (line) => lines.push(line),
    ...extra,
  })
  return { c, sleeps, lines }
}

/** Answers in turn from the list, then keeps answering with the last one. */
function sequence(...answers: (() => Response)[]) {
  let calls = 0
  const handler = () => answers[Math.min(calls++, answers.length - 1)]()
  return { handler, calls: () => calls }
}

describe('Http retries', () => {
  it('waits for Retry-After (seconds) after a 429, then succeeds', async () => {
    const seq = sequence(
      () => HttpResponse.json({ error: 'rate limit exceeded' }, { status: 429, headers: { 'Retry-After': '2' } }),
      () => HttpResponse.json(product),
    )
    server.use(http.get(`${BASE}/products/rec_1`, seq.handler))
    const { c, sleeps } = client()
    await expect(c.products.get('rec_1')).resolves.toEqual(product)
    expect(sleeps).toEqual([2000])
    expect(seq.calls()).toBe(2)
  })

  it('retries a 429 even on POST (the server did not act), reading an HTTP-date Retry-After', async () => {
    const now = Date.parse('2026-06-01T12:00:00.000Z')
    const seq = sequence(
      () =>
        HttpResponse.json(
          { error: 'slow down' },
          { status: 429, headers: { 'Retry-After': 'Mon, 01 Jun 2026 12:00:03 GMT' } },
        ),
      () => HttpResponse.json(product, { status: 201 }),
    )
    server.use(http.post(`${BASE}/products`, seq.handler))
    const { c, sleeps } = client({ now: () => now })
    await expect(c.products.create({ name: 'Key', price: 1, type: 'Serial' })).resolves.toEqual(product)
    expect(sleeps).toEqual([3000])
  })

  it('gives up with the 429 when Retry-After asks for longer than the cap', async () => {
    server.use(
      http.get(`${BASE}/products`, () =>
        HttpResponse.json(
          { error: 'rate limit exceeded: retry after 3600 s' },
          { status: 429, headers: { 'Retry-After': '3600' } },
        ),
      ),
    )
    const { c, sleeps } = client()
    const error = await c.products.list().catch((e) => e)
    expect(error).toBeInstanceOf(StoreError)
    expect(error).toMatchObject({
      status: 429,
      message: 'rate limit exceeded: retry after 3600 s',
      headers: { 'Retry-After': '3600' },
    })
    expect(sleeps).toEqual([])
  })

  it('retries 5xx on GET with exponential backoff, capped, and throws the last answer', async () => {
    const seq = sequence(() => HttpResponse.json({ error: 'internal error' }, { status: 503 }))
    server.use(http.get(`${BASE}/orders`, seq.handler))
    const { c, sleeps } = client({ retry: { retries: 5, baseDelayMs: 100, maxDelayMs: 1000 } })
    await expect(c.orders.list()).rejects.toMatchObject({ status: 503, message: 'internal error' })
    expect(sleeps).toEqual([100, 200, 400, 800, 1000])
    expect(seq.calls()).toBe(6)
  })

  it('does not retry a 5xx of a POST (it may have been applied)', async () => {
    const seq = sequence(() => HttpResponse.json({ error: 'internal error' }, { status: 500 }))
    server.use(http.post(`${BASE}/coupons`, seq.handler))
    const { c, sleeps } = client()
    await expect(c.coupons.create({ code: 'A', type: 'fixed', value: 1 })).rejects.toMatchObject({ status: 500 })
    expect(sleeps).toEqual([])
    expect(seq.calls()).toBe(1)
  })

  it('retries PUT and DELETE on 5xx (idempotent)', async () => {
    const put = sequence(
      () => HttpResponse.json({ error: 'x' }, { status: 502 }),
      () => HttpResponse.json(product),
    )
    const del = sequence(
      () => HttpResponse.json({ error: 'x' }, { status: 500 }),
      () => HttpResponse.json({ success: true }),
    )
    server.use(http.put(`${BASE}/products/rec_1`, put.handler), http.delete(`${BASE}/products/rec_1`, del.handler))
    const { c, sleeps } = client()
    await c.products.update('rec_1', { price: 2 })
    await c.products.delete('rec_1')
    expect(sleeps).toEqual([250, 250])
  })

  it('turns a network error into status 0, retried on GET', async () => {
    const seq = sequence(
      () => HttpResponse.error(),
      () => HttpResponse.json({ products: [product], nextCursor: null }),
    )
    server.use(http.get(`${BASE}/products`, seq.handler))
    const { c, sleeps } = client()
    await expect(c.products.list()).resolves.toMatchObject({ nextCursor: null })
    expect(sleeps).toEqual([250])

    server.use(http.post(`${BASE}/products`, () => HttpResponse.error()))
    const error = await c.products.create({ name: 'a', price: 1, type: 'Digital' }).catch((e) => e)
    expect(error).toBeInstanceOf(StoreError)
    expect(error.status).toBe(0)
    expect(error.message).toMatch(/^could not reach https:\/\/shop\.example\/api\/v1\/products: /)
  })

  it('makes one attempt with retry: false', async () => {
    const seq = sequence(() => HttpResponse.json({ error: 'x' }, { status: 503 }))
    server.use(http.get(`${BASE}/products`, seq.handler))
    const { c } = client({ retry: false })
    await expect(c.products.list()).rejects.toMatchObject({ status: 503 })
    expect(seq.calls()).toBe(1)
  })
})

describe('Http errors and headers', () => {
  it('decodes the API error body with its field errors', async () => {
    server.use(
      http.post(`${BASE}/coupons`, () =>
        HttpResponse.json(
          { error: 'value: must not be negative', errors: [{ field: 'value', message: 'must not be negative' }] },
          { status: 400 },
        ),
      ),
    )
    const error = await client()
      .c.coupons.create({ code: 'A', type: 'fixed', value: -1 })
      .catch((e) => e)
    expect(error).toBeInstanceOf(StoreError)
    expect(error).toMatchObject({
      status: 400,
      message: 'value: must not be negative',
      errors: [{ field: 'value', message: 'must not be negative' }],
    })
  })

  it('describes an error that is not the API shape by its status line', async () => {
    server.use(
      http.get(
        `${BASE}/products`,
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      ),
    )
    const error = await client({ retry: false })
      .c.products.list()
      .catch((e) => e)
    expect(error).toMatchObject({ status: 502, message: 'HTTP 502 Bad Gateway: <html>Bad gateway</html>' })
  })

  it('returns an answer that differs from the schema and reports the drift, never a StoreError with status 200', async () => {
    server.use(http.get(`${BASE}/products/rec_1`, () => HttpResponse.json({ ...product, price: 'free' })))
    const drifts: ResponseDrift[] = []
    const got = await client({ drift: { operations: OPERATIONS, report: (d) => drifts.push(d) } }).c.products.get(
      'rec_1',
    )
    expect(got).toMatchObject({ price: 'free' })
    expect(drifts).toEqual([
      {
        method: 'GET',
        path: '/products/rec_1',
        status: 200,
        operation: 'getProduct',
        issues: [{ field: 'price', message: 'Invalid input: expected number, received string' }],
      },
    ])
  })

  it('passes an enum value and fields it does not know, and reports the enum through drift.report', async () => {
    const newer = { ...product, type: 'Hologram', hologramUrl: 'https://x' }
    server.use(http.get(`${BASE}/products`, () => HttpResponse.json({ products: [newer], nextCursor: null })))
    const drifts: ResponseDrift[] = []
    const page = await client({ drift: { operations: OPERATIONS, report: (d) => drifts.push(d) } }).c.products.list()
    expect(page.products[0]).toEqual(newer)
    expect(drifts.map((d) => d.issues.map((i) => i.field))).toEqual([['products.0.type']])
    // The schemas may load on the first answer; without `drift` nothing is checked, and nothing fails either.
    const later: ResponseDrift[] = []
    await client({ drift: { operations: async () => OPERATIONS, report: (d) => later.push(d) } }).c.products.list()
    expect(later).toEqual(drifts)
    await expect(client().c.products.list()).resolves.toEqual({ products: [newer], nextCursor: null })
  })

  it('lets drift.report refuse an answer by throwing', async () => {
    server.use(http.get(`${BASE}/products/rec_1`, () => HttpResponse.json({ ...product, price: 'free' })))
    const refuse = (d: ResponseDrift) => {
      throw new Error(`drift in ${d.operation}`)
    }
    await expect(client({ drift: { operations: OPERATIONS, report: refuse } }).c.products.get('rec_1')).rejects.toThrow(
      'drift in getProduct',
    )
  })

  it("keeps fields the schema does not list, in the server's order", async () => {
    const extra = { zeta: 1, ...product, alpha: { nested: true } }
    server.use(http.get(`${BASE}/products/rec_1`, () => HttpResponse.json(extra)))
    const got = await client().c.products.get('rec_1')
    expect(JSON.stringify(got)).toBe(JSON.stringify(extra))
  })

  it('sends the key, X-Service-Shop and JSON, and encodes ids in paths', async () => {
    let seen: Request | undefined
    server.use(
      http.put(`${BASE}/coupons/:id`, ({ request }) => {
        seen = request.clone()
        return HttpResponse.json({
          id: 'a/b',
          code: 'A',
          type: 'fixed',
          value: 1,
          usageLimit: null,
          usedCount: 0,
          minAmount: null,
          expiresAt: null,
          active: true,
          createdAt: product.createdAt,
          updatedAt: product.updatedAt,
        })
      }),
    )
    await client({ shop: 'demo' }).c.coupons.update('a/b', { value: 1 })
    expect(new URL(seen!.url).pathname).toBe('/api/v1/coupons/a%2Fb')
    expect(seen!.headers.get('authorization')).toBe(`Bearer ${KEY}`)
    expect(seen!.headers.get('x-service-shop')).toBe('demo')
    expect(seen!.headers.get('content-type')).toBe('application/json')
    expect(await seen!.json()).toEqual({ value: 1 })
  })

  it('withShop sends another shop, the original client is unchanged', async () => {
    const shops: (string | null)[] = []
    server.use(
      http.get(`${BASE}/blacklists`, ({ request }) => {
        shops.push(request.headers.get('x-service-shop'))
        return HttpResponse.json({ blacklists: [] })
      }),
    )
    const { c } = client()
    await c.withShop('second').blacklists.list()
    await c.blacklists.list()
    expect(shops).toEqual(['second', null])
  })

  it('logs requests and answers with the key masked', async () => {
    server.use(http.post(`${BASE}/products`, () => HttpResponse.json({ ...product, secret: KEY }, { status: 201 })))
    const { c, lines } = client()
    await c.products.create({ name: 'Key', price: 1, type: 'Serial' })
    expect(lines[0]).toBe(`> POST ${BASE}/products`)
    expect(lines).toContain('> authorization: Bearer sk_live_…2345')
    expect(lines).toContain('> {"name":"Key","price":1,"type":"Serial"}')
    expect(lines.some((l) => /^< 201 Created \(\d+ ms\)$/.test(l))).toBe(true)
    expect(lines.join('\n')).not.toContain(KEY)
  })
})

describe('products pagination', () => {
  it('follows nextCursor through pages and yields every product', async () => {
    const pages: Record<string, { products: unknown[]; nextCursor: string | null }> = {
      '': {
        products: [
          { ...product, id: 'a' },
          { ...product, id: 'b' },
        ],
        nextCursor: 'c1',
      },
      c1: { products: [{ ...product, id: 'c' }], nextCursor: 'c2' },
      c2: { products: [], nextCursor: null },
    }
    const cursors: string[] = []
    server.use(
      http.get(`${BASE}/products`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor') ?? ''
        cursors.push(`${cursor}|${new URL(request.url).searchParams.get('limit')}`)
        return HttpResponse.json(pages[cursor])
      }),
    )
    const ids: string[] = []
    for await (const p of client().c.products.all({ limit: 2 })) ids.push(p.id)
    expect(ids).toEqual(['a', 'b', 'c'])
    expect(cursors).toEqual(['|2', 'c1|2', 'c2|2'])
  })
})
