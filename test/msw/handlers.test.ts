import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { StoreClient } from '../../src/client/index.js'
import { createStoreHandlers, MSW_API_KEY } from '../../src/msw/index.js'

// As a user's test suite would set it up (README, "MSW").
const handlers = createStoreHandlers({ origin: 'http://store.test' })
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
    const own = createStoreHandlers({
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
