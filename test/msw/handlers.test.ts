import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { StoreClient } from '../../src/client/index.js'
import { createStoreHandlers, MSW_API_KEY } from '../../src/msw/index.js'

// As a user's test suite would set it up (docs/library.md, "MSW").
const handlers = createStoreHandlers(http, { origin: 'http://store.test' })
const server = setupServer(...handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  server.resetHandlers()
  await handlers.reset()
})
afterAll(() => server.close())

const client = () =>
  new StoreClient({ baseUrl: handlers.baseUrl, apiKey: handlers.apiKey, sleep: async () => undefined })

describe('createStoreHandlers', () => {
  it('answers the whole API statefully through the global fetch', async () => {
    expect(handlers.baseUrl).toBe('http://store.test/api/v1')
    expect(handlers.apiKey).toBe(MSW_API_KEY)
    const c = client()
    const created = await c.coupons.create({ code: 'msw', type: 'percentage', value: 15 })
    expect(created.code).toBe('MSW')
    expect(await c.coupons.get(created.id)).toEqual(created)
    const { products } = await c.products.list({ limit: 3 })
    expect(products).toHaveLength(3)
  })

  it('starts fresh after reset(): the coupon of the previous test is gone', async () => {
    const { coupons } = await client().coupons.list()
    expect(coupons.map((c) => c.code)).not.toContain('MSW')
  })

  it('runs checkout, payment and the storefront in process', async () => {
    const c = client()
    const { order } = await c.storefront.checkout('demo', {
      items: [{ productId: 'rec_demoMystery01', quantity: 2 }],
      email: 'msw@example.com',
    })
    const paid = await c.emulator.payOrder(order.id)
    expect(paid.items[0].mystery?.opens).toHaveLength(2)
  })

  it('answers auth failures like the API', async () => {
    const res = await fetch('http://store.test/api/v1/products', {
      headers: { authorization: 'Bearer sk_live_nope_nope_nope' },
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^invalid API key/) })
  })

  it('lets a test override one route with server.use, for example to force a 500 the client retries', async () => {
    let failures = 0
    server.use(
      http.get('http://store.test/api/v1/orders', () =>
        failures++ < 2 ? HttpResponse.json({ error: 'boom' }, { status: 500 }) : undefined,
      ),
    )
    const { orders } = await client().orders.list()
    expect(failures).toBe(3)
    expect(Array.isArray(orders)).toBe(true)
  })

  it('exposes the emulator behind the handlers', async () => {
    await client().products.list()
    const emulator = await handlers.emulator()
    expect(emulator.store).toBeDefined()
  })
})

describe('createStoreHandlers options', () => {
  it('takes a key, an empty seed and emulator options', async () => {
    const own = createStoreHandlers(http, {
      origin: 'http://other.test',
      apiKey: 'sk_live_customkey_1234',
      seed: 'empty',
      options: { rateLimit: { requests: 1, windowSeconds: 60 } },
    })
    server.use(...own)
    const c = new StoreClient({ baseUrl: own.baseUrl, apiKey: own.apiKey, retry: false })
    expect((await c.coupons.list()).coupons).toEqual([])
    await expect(c.coupons.list()).rejects.toMatchObject({
      status: 429,
      headers: { 'Retry-After': expect.any(String) },
    })
    await own.reset()
  })
})

describe('createStoreHandlers seeds', () => {
  it('refuses a seed record the seed file schema refuses, naming the record and field', () => {
    expect(() => createStoreHandlers(http, { seed: { products: [{ name: '', price: -5, type: 'Digital' }] } })).toThrow(
      /^createStoreHandlers: seed was refused: products\[0\]\.name: /,
    )
    expect(() =>
      createStoreHandlers(http, { seed: { products: [{ name: 'Key', price: -5, type: 'Digital' }] } }),
    ).toThrow(/^createStoreHandlers: seed was refused: products\[0\]\.price: /)
  })

  it('stores a seed coupon code uppercased, so checkout can use it', async () => {
    const own = createStoreHandlers(http, {
      origin: 'http://seeded.test',
      seed: {
        products: [{ id: 'prod_key', productId: 'rec_key', name: 'Key', price: 10, type: 'Service', status: 'Live' }],
        coupons: [{ code: 'spring', type: 'percentage', value: 50 }],
      },
    })
    server.use(...own)
    const c = new StoreClient({ baseUrl: own.baseUrl, apiKey: own.apiKey })
    expect((await c.coupons.list()).coupons.map((x) => x.code)).toEqual(['SPRING'])
    const { order } = await c.storefront.checkout('demo', {
      items: [{ productId: 'rec_key', quantity: 1 }],
      email: 'buyer@example.com',
      couponCode: 'spring',
    })
    expect(order.total).toBe(5)
    await own.reset()
  })
})

describe('createStoreHandlers settled()', () => {
  it('waits until webhook deliveries are delivered, retries included', async () => {
    const own = createStoreHandlers(http, {
      origin: 'http://hooks-emulator.test',
      seed: 'empty',
      options: { webhooks: { retryDelaysMs: [1, 1, 1] } },
    })
    const received: string[] = []
    let answers = 0
    server.use(
      ...own,
      http.post('http://receiver.test/hooks', async ({ request }) => {
        received.push(((await request.json()) as { event: string }).event)
        return new HttpResponse(null, { status: answers++ === 0 ? 503 : 200 })
      }),
    )
    const c = new StoreClient({ baseUrl: own.baseUrl, apiKey: own.apiKey })
    await c.emulator.webhooks.create({ url: 'http://receiver.test/hooks', events: ['product:created'] })
    await c.products.create({ name: 'Key', price: 5, type: 'Service' })
    await own.settled()
    expect(received).toEqual(['product:created', 'product:created'])
    const { deliveries } = await c.emulator.webhooks.logs()
    expect(deliveries.map((d) => [d.event, d.state, d.retryCount])).toEqual([['product:created', 'delivered', 1]])
    await own.reset()
  })

  it('rejects when deliveries are still pending at the timeout, saying how to shorten the waits', async () => {
    const own = createStoreHandlers(http, {
      origin: 'http://slow-emulator.test',
      seed: 'empty',
      options: { webhooks: { retryDelaysMs: [60_000] } },
    })
    server.use(
      ...own,
      http.post('http://down.test/hooks', () => new HttpResponse(null, { status: 500 })),
    )
    const c = new StoreClient({ baseUrl: own.baseUrl, apiKey: own.apiKey })
    await c.emulator.webhooks.create({ url: 'http://down.test/hooks', events: ['product:created'] })
    await c.products.create({ name: 'Key', price: 5, type: 'Service' })
    await expect(own.settled({ timeoutMs: 50 })).rejects.toThrow(/still pending after 0\.05 s; shorten .*retryDelaysMs/)
    await own.reset()
  })
})
