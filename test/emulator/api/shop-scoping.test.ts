import { describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../src/contract/errors.js'
import { ShopSchema } from '../../../src/contract/shops.js'
import { OrderSchema } from '../../../src/contract/orders.js'
import { testEmulator } from '../../helpers/emulator.js'
import { TEST_BILLING, putOrder } from './capture-events.js'

type TestEmulator = Awaited<ReturnType<typeof testEmulator>>

/** A second shop of the same account. The clock moves on first: see "anything noticed" in the README about ties. */
async function secondShop(emu: TestEmulator) {
  ;(emu.deps.clock as unknown as { tick(ms: number): void }).tick(1)
  const res = await emu.request('/_emulator/shops', { method: 'POST', json: { name: 'Second Shop', slug: 'second' } })
  expect(res.status).toBe(201)
  return ShopSchema.parse(await res.json())
}

const LISTS: [string, unknown][] = [
  ['/api/v1/products', { products: [], nextCursor: null }],
  ['/api/v1/orders', { orders: [] }],
  ['/api/v1/coupons', { coupons: [] }],
  ['/api/v1/blacklists', { blacklists: [] }],
  ['/api/v1/categories', { categories: [] }],
  ['/api/v1/groups', { groups: [] }],
  ['/api/v1/customers', { customers: [] }],
  ['/api/v1/subscriptions', { subscriptions: [] }],
]

/** Records of the demo shop, by every id form the API accepts. */
const DEMO_RECORDS = [
  ['product', '/api/v1/products/prod_demo_serial', 'prod_demo_serial'],
  ['product', '/api/v1/products/rec_demoSerial001', 'rec_demoSerial001'],
  ['order', '/api/v1/orders/ord_demo_1', 'ord_demo_1'],
  ['order', '/api/v1/orders/ORD-1', 'ORD-1'],
  ['coupon', '/api/v1/coupons/cpn_demo_welcome', 'cpn_demo_welcome'],
  ['blacklist entry', '/api/v1/blacklists/bl_demo_ip', 'bl_demo_ip'],
  ['category', '/api/v1/categories/cat_demo_games', 'cat_demo_games'],
  ['group', '/api/v1/groups/grp_demo_bundle', 'grp_demo_bundle'],
  ['customer', '/api/v1/customers/cus_demo_ada', 'cus_demo_ada'],
  ['customer', '/api/v1/customers/ada@example.com', 'ada@example.com'],
  ['subscription', '/api/v1/subscriptions/sub_demo', 'sub_demo'],
] as const

const WRITES: [string, string, unknown][] = [
  ['PUT', '/api/v1/products/prod_demo_serial', { price: 1 }],
  ['DELETE', '/api/v1/products/prod_demo_serial', undefined],
  ['PUT', '/api/v1/orders/ORD-1', { status: 'cancelled' }],
  ['PUT', '/api/v1/coupons/cpn_demo_welcome', { active: false }],
  ['DELETE', '/api/v1/coupons/cpn_demo_welcome', undefined],
  ['PUT', '/api/v1/blacklists/bl_demo_ip', { reason: 'x' }],
  ['DELETE', '/api/v1/blacklists/bl_demo_ip', undefined],
  ['PUT', '/api/v1/categories/cat_demo_games', { name: 'x' }],
  ['DELETE', '/api/v1/categories/cat_demo_games', undefined],
  ['PUT', '/api/v1/groups/grp_demo_bundle', { name: 'x' }],
  ['DELETE', '/api/v1/groups/grp_demo_bundle', undefined],
]

describe('shop scoping of /api/v1', () => {
  it.each(['slug', 'id'] as const)("a second shop, selected by %s, sees none of the first shop's data", async (by) => {
    const emu = await testEmulator()
    const shop = await secondShop(emu)
    const headers = { 'x-service-shop': by === 'slug' ? shop.slug : shop.id }
    for (const [path, empty] of LISTS) {
      const res = await emu.request(path, { headers })
      expect(res.status, path).toBe(200)
      expect(await res.json(), path).toEqual(empty)
    }
  })

  it('answers 404 for every record of another shop, by any id form', async () => {
    const emu = await testEmulator()
    const demoId = emu.services.storefront.shop('demo').id
    await emu.store.tx((tx) =>
      tx.put('subscriptions', {
        id: 'sub_demo',
        productId: 'prod_demo_subscription',
        productName: 'Pro Membership',
        productProductId: 'rec_demoSubscr001',
        customerId: 'cus_demo_ada',
        customerEmail: 'ada@example.com',
        status: 'ACTIVE',
        processorSubscriptionId: 'p',
        processorCustomerId: 'c',
        currentPeriodEnd: '2026-07-01T00:00:00.000Z',
        createdAt: '2026-05-01T00:00:00.000Z',
        canceledAt: null,
        ...TEST_BILLING,
        shopId: demoId,
      }),
    )
    await secondShop(emu)
    for (const [what, path, id] of DEMO_RECORDS) {
      expect((await emu.request(path)).status, path).toBe(200)
      const res = await emu.request(path, { headers: { 'x-service-shop': 'second' } })
      expect(res.status, path).toBe(404)
      expect(await res.json()).toEqual({ error: `${what} not found: ${id}` })
    }
  })

  it("refuses writes to another shop's records with 404 and changes nothing", async () => {
    const emu = await testEmulator()
    await secondShop(emu)
    const before = JSON.stringify(emu.store.snapshot())
    for (const [method, path, json] of WRITES) {
      const res = await emu.request(path, { method, json, headers: { 'x-service-shop': 'second' } })
      expect(res.status, `${method} ${path}`).toBe(404)
      ErrorBodySchema.parse(await res.json())
    }
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it('keeps coupon codes, blacklist entries and order numbers per shop', async () => {
    const emu = await testEmulator()
    const shop = await secondShop(emu)
    const headers = { 'x-service-shop': 'second' }
    expect(
      (
        await emu.request('/api/v1/coupons', {
          method: 'POST',
          headers,
          json: { code: 'WELCOME10', type: 'fixed', value: 1 },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await emu.request('/api/v1/blacklists', {
          method: 'POST',
          headers,
          json: { type: 'IP', value: '203.0.113.66' },
        })
      ).status,
    ).toBe(201)
    await putOrder(emu, { id: 'ord_second_1', orderNumber: 'ORD-1', shopId: shop.id })
    expect(OrderSchema.parse(await (await emu.request('/api/v1/orders/ORD-1', { headers })).json()).id).toBe(
      'ord_second_1',
    )
    expect(OrderSchema.parse(await (await emu.request('/api/v1/orders/ORD-1')).json()).id).toBe('ord_demo_1')
    const demoCoupons = (await (await emu.request('/api/v1/coupons')).json()) as { coupons: { code: string }[] }
    expect(demoCoupons.coupons.filter((c) => c.code === 'WELCOME10')).toHaveLength(1)
  })

  it("refuses to bind another shop's products or groups", async () => {
    const emu = await testEmulator()
    await secondShop(emu)
    const headers = { 'x-service-shop': 'second' }
    const category = await emu.request('/api/v1/categories', {
      method: 'POST',
      headers,
      json: { name: 'X', productIds: ['rec_demoSerial001'] },
    })
    expect(category.status).toBe(400)
    expect(await category.json()).toEqual({
      error: 'productIds: unknown product rec_demoSerial001',
      errors: [{ field: 'productIds', message: 'unknown product rec_demoSerial001' }],
    })
    const groups = await emu.request('/api/v1/categories', {
      method: 'POST',
      headers,
      json: { name: 'X', groupIds: ['grp_demo_bundle'] },
    })
    expect((await groups.json()).error).toBe('groupIds: unknown group grp_demo_bundle')
    const group = await emu.request('/api/v1/groups', {
      method: 'POST',
      headers,
      json: { name: 'X', productIds: ['prod_demo_serial'] },
    })
    expect((await group.json()).error).toBe('productIds: unknown product prod_demo_serial')
  })

  it("uses the oldest shop without X-Service-Shop, and shows the second shop's own creations only there", async () => {
    const emu = await testEmulator()
    await secondShop(emu)
    const headers = { 'x-service-shop': 'second' }
    const created = await emu.request('/api/v1/products', {
      method: 'POST',
      headers,
      json: { name: 'Only There', price: 1, type: 'Digital', status: 'Live' },
    })
    const product = (await created.json()) as { id: string }
    expect((await emu.request(`/api/v1/products/${product.id}`, { headers })).status).toBe(200)
    expect((await emu.request(`/api/v1/products/${product.id}`)).status).toBe(404)
    expect((await emu.request('/api/v1/themes').then((r) => r.json())).themes[0].shopSlug).toBe('demo')
  })

  it.each([
    ['an unknown slug', 'nowhere'],
    ['an unknown id', 'shop_nope'],
    ['a shop of another account, by slug', 'foreign'],
    ['a shop of another account, by id', 'FOREIGN_ID'],
  ])('answers 403 for %s, alike', async (_what, wanted) => {
    const emu = await testEmulator()
    let foreignId = ''
    await emu.store.tx((tx) => {
      const account = tx.put('accounts', {
        id: 'acct_foreign',
        name: 'Someone Else',
        createdAt: '2026-01-01T00:00:00.000Z',
      })
      foreignId = tx.put('shops', {
        id: 'shop_foreign',
        accountId: account.id,
        name: 'Foreign',
        slug: 'foreign',
        createdAt: '2026-01-01T00:00:00.000Z',
        orderSeq: 0,
      }).id
    })
    const header = wanted === 'FOREIGN_ID' ? foreignId : wanted
    for (const path of ['/api/v1/products', '/api/v1/orders/ORD-1', '/_emulator/shops']) {
      const res = await emu.request(path, { headers: { 'x-service-shop': header } })
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({
        error: `X-Service-Shop: shop "${header}" is not a shop of this account. List yours with GET /_emulator/shops.`,
      })
    }
  })
})
