import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEMO_SEED_PATH, TEST_KEY, requestFor, testEmulator } from '../../helpers/emulator.js'

const DAY = 86_400
const demoSeed = JSON.parse(readFileSync(DEMO_SEED_PATH, 'utf8'))

async function withAccounts(options: { adminKey?: string } = {}) {
  const emu = await testEmulator({ options: { adminKey: options.adminKey } })
  const create = async (body: unknown = {}, key = TEST_KEY) => {
    const res = await emu.request('/_emulator/accounts', {
      method: 'POST',
      json: body,
      headers: { authorization: `Bearer ${key}` },
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  /** Requests as the account of `key`. */
  const as = (key: string) => {
    const request = requestFor(emu.app)
    return (path: string, init: RequestInit & { json?: unknown } = {}) =>
      request(path, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } })
  }
  return { emu, create, as }
}

async function subscribe(request: ReturnType<Awaited<ReturnType<typeof withAccounts>>['as']>, slug: string) {
  const products = (await (await request('/api/v1/products?limit=100')).json()) as any
  const product = products.products.find((p: any) => p.type === 'Subscription')
  const checkout = await request(`/storefront/${slug}/checkout`, {
    method: 'POST',
    json: { email: 'buyer@example.com', items: [{ productId: product.id, quantity: 1 }] },
    headers: { accept: 'application/json' },
  })
  const { order } = (await checkout.json()) as any
  const paid = (await (await request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })).json()) as any
  return paid.items[0].delivery.subscriptionId as string
}

describe('POST /_emulator/accounts', () => {
  it('creates an isolated account with its own key, first shop and clock; the key is shown once', async () => {
    const { create, as, emu } = await withAccounts()
    const { status, body } = await create({ name: 'Worker 1', shop: { slug: 'worker-1' } })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      account: { name: 'Worker 1' },
      shop: { slug: 'worker-1' },
      key: { secret: expect.stringMatching(/^sk_live_\w{32}$/) },
    })
    const theirs = as(body.key.secret)
    expect(await (await theirs('/_emulator/shops')).json()).toEqual({ shops: [body.shop] })
    expect(await (await theirs('/api/v1/products')).json()).toMatchObject({ products: [] })
    // The first account's shop is not theirs.
    expect((await theirs('/api/v1/products', { headers: { 'x-service-shop': 'demo' } })).status).toBe(403)
    const keys = (await (await theirs('/_emulator/keys')).json()) as any
    expect(keys.keys[0]).not.toHaveProperty('secret')
    expect(emu.services.accounts.all()).toHaveLength(2)
  })

  it('seeds the shop from a seed file, with fresh ids where another account holds the seed ids', async () => {
    const { create, as } = await withAccounts()
    const { body } = await create({ seed: demoSeed })
    const products = (await (await as(body.key.secret)('/api/v1/products?limit=100')).json()) as any
    const demoProducts = (await (await as(TEST_KEY)('/api/v1/products?limit=100')).json()) as any
    expect(products.products.map((p: any) => p.name)).toEqual(demoProducts.products.map((p: any) => p.name))
    expect(products.products).toHaveLength(demoProducts.products.length)
    expect(products.products.map((p: any) => p.id)).not.toContain('prod_demo_service')
    const group = (await (await as(body.key.secret)('/api/v1/groups')).json()) as any
    const ids = new Set(products.products.map((p: any) => p.id))
    for (const p of group.groups[0].products) expect(ids.has(p.id)).toBe(true)
    // The demo account's own records are untouched.
    const demo = (await (await as(TEST_KEY)('/api/v1/products/prod_demo_service')).json()) as any
    expect(demo.name).toBe(demoSeed.products[0].name)
  })

  it('takes seed "demo" and "empty" as createTestAccount and store serve --seed do', async () => {
    const { create, as } = await withAccounts()
    const demo = await create({ seed: 'demo' })
    expect(demo.status).toBe(201)
    const products = (await (await as(demo.body.key.secret)('/api/v1/products?limit=100')).json()) as any
    expect(products.products.map((p: any) => p.name).sort()).toEqual(
      demoSeed.products
        .filter((p: any) => p.status === 'Live')
        .map((p: any) => p.name)
        .sort(),
    )
    const empty = await create({ seed: 'empty' })
    const none = (await (await as(empty.body.key.secret)('/api/v1/products')).json()) as any
    expect(none).toEqual({ products: [], nextCursor: null })
    const wrong = await create({ seed: 'full' })
    expect(wrong).toEqual({
      status: 400,
      body: {
        error: `seed: must be "demo", "empty" or a seed file's content (an object)`,
        errors: [{ field: 'seed', message: `must be "demo", "empty" or a seed file's content (an object)` }],
      },
    })
  })

  it('refuses a bad seed with 400 naming the record and field, and a taken slug with 409', async () => {
    const { create } = await withAccounts()
    const bad = await create({ seed: { products: [{ name: 'x', price: -1, type: 'Service' }] } })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/^seed was refused: products\[0\]\.price: /)
    const taken = await create({ shop: { slug: 'demo' } })
    expect(taken).toEqual({
      status: 409,
      body: {
        error: 'shop.slug: a shop with slug "demo" already exists; choose another',
        errors: [{ field: 'shop.slug', message: 'is taken' }],
      },
    })
  })

  it('needs a valid key; with --admin-key only the admin key may create', async () => {
    const { create } = await withAccounts({ adminKey: 'admin-secret-123' })
    expect((await create({}, 'sk_live_nope')).status).toBe(401)
    const refused = await create({})
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatch(/only the admin key may create accounts/)
    expect((await create({}, 'admin-secret-123')).status).toBe(201)
  })
})

describe('DELETE /_emulator/accounts/:id', () => {
  it('removes the account with everything in it; a key may delete only its own account', async () => {
    const { create, as, emu } = await withAccounts()
    const a = (await create({ seed: demoSeed })).body
    const b = (await create({})).body
    const refused = await as(b.key.secret)(`/_emulator/accounts/${a.account.id}`, { method: 'DELETE' })
    expect(refused.status).toBe(403)
    const rowsBefore = emu.store.snapshot()
    const ok = await as(a.key.secret)(`/_emulator/accounts/${a.account.id}`, { method: 'DELETE' })
    expect(await ok.json()).toEqual({ success: true })
    expect((await as(a.key.secret)('/api/v1/products')).status).toBe(401)
    const after = emu.store.snapshot()
    const shopIds = new Set([a.shop.id])
    for (const [name, rows] of Object.entries(after.collections ?? after) as [string, any][]) {
      if (!Array.isArray(rows)) continue
      expect(
        rows.filter((r: any) => shopIds.has(r.shopId) || r.accountId === a.account.id),
        name,
      ).toEqual([])
    }
    expect(JSON.stringify(after).length).toBeLessThan(JSON.stringify(rowsBefore).length)
  })

  it('lets the admin key delete any account', async () => {
    const { create, as } = await withAccounts({ adminKey: 'admin-secret-123' })
    const a = (await create({}, 'admin-secret-123')).body
    const res = await as('admin-secret-123')(`/_emulator/accounts/${a.account.id}`, { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect((await as('admin-secret-123')(`/_emulator/accounts/${a.account.id}`, { method: 'DELETE' })).status).toBe(404)
  })
})

describe("each account's clock", () => {
  it("moves only the calling account's time, renewals and events", async () => {
    const { create, as, emu } = await withAccounts()
    const a = (await create({ seed: demoSeed, shop: { slug: 'shop-a' } })).body
    const b = (await create({ seed: demoSeed, shop: { slug: 'shop-b' } })).body
    const asA = as(a.key.secret)
    const asB = as(b.key.secret)
    const subA = await subscribe(asA, 'shop-a')
    const subB = await subscribe(asB, 'shop-b')
    const kindsOf = new Map<string, string[]>()
    emu.services.events.subscribe((e) => kindsOf.set(e.shopId, [...(kindsOf.get(e.shopId) ?? []), e.kind]))

    const moved = (await (
      await asA('/_emulator/clock/advance', { method: 'POST', json: { seconds: 40 * DAY } })
    ).json()) as any
    expect(moved).toMatchObject({
      now: '2026-07-11T12:00:00.000Z',
      offsetSeconds: 40 * DAY,
      due: { trialsEnded: 1, renewed: 2 },
    })
    expect(await (await asB('/_emulator/clock')).json()).toEqual({ now: '2026-06-01T12:00:00.000Z', offsetSeconds: 0 })
    expect(await (await asA('/_emulator/clock')).json()).toEqual({
      now: '2026-07-11T12:00:00.000Z',
      offsetSeconds: 40 * DAY,
    })

    expect(((await (await asA(`/api/v1/subscriptions/${subA}`)).json()) as any).status).toBe('ACTIVE')
    expect(((await (await asB(`/api/v1/subscriptions/${subB}`)).json()) as any).status).toBe('TRIALING')
    expect(kindsOf.get(b.shop.id)).toBeUndefined()
    expect(kindsOf.get(a.shop.id)).toContain('subscription:renewed')
    // What account A writes now carries its own time; B's writes the world's.
    const couponA = (await (
      await asA('/api/v1/coupons', { method: 'POST', json: { code: 'LATER', type: 'percentage', value: 5 } })
    ).json()) as any
    const couponB = (await (
      await asB('/api/v1/coupons', { method: 'POST', json: { code: 'LATER', type: 'percentage', value: 5 } })
    ).json()) as any
    expect(couponA.createdAt).toBe('2026-07-11T12:00:00.000Z')
    expect(couponB.createdAt).toBe('2026-06-01T12:00:00.000Z')
  })

  it('gives an emulator-wide offset of an older db to every account at start', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const dir = mkdtempSync(join(tmpdir(), 'store-clock-'))
    try {
      const db = join(dir, 'store.json')
      const first = await testEmulator({ db })
      await first.services.seeding.createAccount({ slug: 'other', key: 'sk_live_otherotherotherotherotherother' })
      // A db written before accounts had clocks: one offset in `meta`, none on the accounts.
      await first.store.tx((tx) => {
        for (const account of first.services.accounts.all()) {
          const { clockOffsetMs: _, ...old } = account
          tx.put('accounts', old)
        }
        tx.put('meta', { id: 'meta', eventSeq: 0, clockOffsetMs: 3_600_000 })
      })
      await first.stop()
      const second = await testEmulator({ db })
      for (const key of [TEST_KEY, 'sk_live_otherotherotherotherotherother'])
        expect(
          await (await second.request('/_emulator/clock', { headers: { authorization: `Bearer ${key}` } })).json(),
        ).toEqual({
          now: '2026-06-01T13:00:00.000Z',
          offsetSeconds: 3600,
        })
      await second.stop()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
