// The real client on the real emulator app, in process (STYLE.md, "Tests": hono's testClient way).
import { describe, expect, it } from 'vitest'
import { StoreClient } from '../../src/client/index.js'
import { StoreError } from '../../src/contract/errors.js'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'

async function setup(seed: 'demo' | 'empty' = 'demo') {
  const emu = await testEmulator({ seed })
  const client = new StoreClient({
    baseUrl: 'http://emulator.test/api/v1',
    apiKey: TEST_KEY,
    fetch: (url, init) => Promise.resolve(emu.app.request(url as string, init)),
    sleep: async () => undefined,
  })
  return { emu, client }
}

describe('StoreClient on the emulator', () => {
  it('creates, reads, updates, pages and deletes products', async () => {
    const { client } = await setup()
    const created = await client.products.create({ name: 'Key', price: 5, type: 'Serial', status: 'Live' })
    expect(created).toMatchObject({ name: 'Key', price: 5, status: 'Live', currency: 'USD' })
    expect(await client.products.get(created.productId)).toEqual(created)
    expect(await client.products.update(created.id, { price: 6 })).toMatchObject({ price: 6, name: 'Key' })
    const all = []
    for await (const p of client.products.all({ limit: 2 })) all.push(p.id)
    expect(all).toHaveLength(9)
    expect(all[0]).toBe(created.id)
    expect(await client.products.delete(created.id)).toEqual({ success: true })
    await expect(client.products.get(created.id)).rejects.toMatchObject({ status: 404 })
  })

  it('throws StoreError with the field errors of a 400', async () => {
    const { client } = await setup()
    const error = await client.coupons.create({ code: 'A', type: 'percentage', value: 150 }).catch((e) => e)
    expect(error).toBeInstanceOf(StoreError)
    expect(error.status).toBe(400)
    expect(error.errors).toEqual([{ field: 'value', message: expect.any(String) }])
    expect(error.message).toMatch(/^value: /)
  })

  it('covers coupons, blacklists, categories and groups end to end', async () => {
    const { client } = await setup('empty')
    const coupon = await client.coupons.create({ code: 'spring', type: 'fixed', value: 2 })
    expect(coupon.code).toBe('SPRING')
    expect((await client.coupons.list({ active: true })).coupons.map((c) => c.id)).toEqual([coupon.id])
    expect(await client.coupons.update(coupon.id, { active: false })).toMatchObject({ active: false })
    expect((await client.coupons.list({ active: true })).coupons).toEqual([])
    expect(await client.coupons.get(coupon.id)).toMatchObject({ id: coupon.id })
    expect(await client.coupons.delete(coupon.id)).toEqual({ success: true })

    const entry = await client.blacklists.create({ type: 'EMAIL', value: 'Bad@Example.com', reason: 'chargebacks' })
    expect(entry.value).toBe('bad@example.com')
    expect((await client.blacklists.update(entry.id, { reason: null })).reason).toBeNull()
    expect((await client.blacklists.list()).blacklists).toHaveLength(1)
    expect(await client.blacklists.get(entry.id)).toMatchObject({ type: 'EMAIL' })
    await client.blacklists.delete(entry.id)

    const product = await client.products.create({ name: 'P', price: 1, type: 'Digital' })
    const group = await client.groups.create({ name: 'Bundle', discountPercent: 10, productIds: [product.id] })
    expect(group.products.map((p) => p.id)).toEqual([product.id])
    const category = await client.categories.create({ name: 'All', productIds: [product.id], groupIds: [group.id] })
    expect(category.groups.map((g) => g.id)).toEqual([group.id])
    expect((await client.categories.update(category.id, { productIds: [] })).products).toEqual([])
    expect((await client.groups.update(group.id, { discountPercent: 20 })).discountPercent).toBe(20)
    expect((await client.categories.list()).categories).toHaveLength(1)
    expect((await client.groups.list()).groups).toHaveLength(1)
    expect(await client.categories.get(category.id)).toMatchObject({ name: 'All' })
    expect(await client.groups.get(group.id)).toMatchObject({ name: 'Bundle' })
    await client.categories.delete(category.id)
    await client.groups.delete(group.id)
  })

  it('checks out on the storefront, pays, tracks and disputes through the control API', async () => {
    const { client } = await setup()
    const shops = await client.emulator.listShops()
    const slug = shops.shops[0].slug
    const listed = await client.storefront.listProducts(slug)
    const mystery = listed.products.find((p) => p.type === 'MysteryBox')!
    expect(mystery.mystery?.commitment).toMatch(/^[0-9a-f]{64}$/)
    const first = await client.storefront.listProducts(slug, { limit: 1 })
    expect(first.products).toEqual([listed.products[0]])
    const second = await client.storefront.listProducts(slug, { limit: 1, cursor: first.nextCursor! })
    expect(second.products).toEqual([listed.products[1]])
    const searched = await client.storefront.listProducts(slug, { q: mystery.name })
    expect(searched.products.map((p) => p.id)).toContain(mystery.id)
    expect(searched.products.every((p) => p.name.toLowerCase().includes(mystery.name.toLowerCase()))).toBe(true)
    expect(await client.storefront.getProduct(slug, mystery.productId)).toMatchObject({ id: mystery.id })

    const { order, invoiceUrl } = await client.storefront.checkout(slug, {
      items: [
        { productId: 'rec_demoSerial001', quantity: 1 },
        { productId: 'rec_demoPhysical1', quantity: 1 },
      ],
      email: 'a@example.com',
    })
    expect(invoiceUrl).toContain(order.id)
    const paid = await client.emulator.payOrder(order.orderNumber)
    expect(paid.paymentStatus).toBe('paid')
    expect(await client.emulator.payOrder(order.id)).toMatchObject({ paidAt: paid.paidAt })
    const tracked = await client.emulator.addTracking(order.id, { code: 'TRACK1', carrier: 'DHL' })
    expect(tracked.orderNumber).toBe(order.orderNumber)
    expect((await client.emulator.disputeOrder(order.id)).paymentStatus).toBe('disputed')

    const invoice = await client.storefront.invoice(slug, order.id)
    expect(invoice.tracking.map((t) => t.code)).toEqual(['TRACK1'])
    expect((await client.storefront.codes(slug, order.id)).trim().split('\n')).toHaveLength(1)

    expect((await client.orders.list({ limit: 1 })).orders[0].id).toBe(order.id)
    expect(await client.orders.update(order.orderNumber, { status: 'completed' })).toMatchObject({
      status: 'completed',
    })
    const customers = await client.customers.list({ limit: 10 })
    const customer = customers.customers.find((c) => c.email === 'a@example.com')!
    expect(await client.customers.get(customer.id)).toMatchObject({ email: 'a@example.com', stats: expect.any(Object) })
  })

  it('reads subscriptions, cancels one, and moves the clock', async () => {
    const { client } = await setup()
    const { order } = await client.storefront.checkout('demo', {
      items: [{ productId: 'prod_demo_subscription', quantity: 1 }],
      email: 's@example.com',
    })
    await client.emulator.payOrder(order.id)
    const { subscriptions } = await client.subscriptions.list()
    const sub = subscriptions.find((s) => s.customerEmail === 's@example.com')!
    expect(await client.subscriptions.get(sub.id)).toMatchObject({ id: sub.id })
    const before = await client.emulator.getClock()
    const after = await client.emulator.advanceClock(3600)
    expect(Date.parse(after.now) - Date.parse(before.now)).toBe(3_600_000)
    expect((await client.emulator.cancelSubscription(sub.id)).status).toBe('CANCELLED')
  })

  it('lists, reads and updates themes', async () => {
    const { client } = await setup()
    const { activeThemeId, themes } = await client.themes.list()
    expect(themes.map((t) => t.id)).toContain(activeThemeId)
    const theme = await client.themes.get(activeThemeId)
    expect(typeof theme.files['custom.css']).toBe('string')
    const updated = await client.themes.update(activeThemeId, { files: { 'custom.css': 'a{}' } })
    expect(updated.files['custom.css']).toBe('a{}')
  })

  it('scopes by X-Service-Shop: a second shop sees only its own records', async () => {
    const { client } = await setup()
    await client.emulator.createShop({ name: 'Second', slug: 'second' })
    const second = client.withShop('second')
    await second.coupons.create({ code: 'ONLY2', type: 'fixed', value: 1 })
    expect((await second.coupons.list()).coupons.map((c) => c.code)).toEqual(['ONLY2'])
    expect((await client.coupons.list()).coupons.map((c) => c.code)).not.toContain('ONLY2')
    await expect(client.withShop('not-mine').coupons.list()).rejects.toMatchObject({ status: 403 })
  })

  it('creates and revokes keys; sets fulfilment', async () => {
    const { client } = await setup()
    const key = await client.emulator.createKey({ name: 'ci' })
    expect(key.secret).toMatch(/^sk_live_/)
    expect((await client.emulator.listKeys()).keys.map((k) => k.id)).toContain(key.id)
    await client.emulator.revokeKey(key.id)
    const setup2 = await client.emulator.setFulfilment('rec_demoSerial001', { serials: ['X-1', 'X-2'] })
    expect(setup2).toMatchObject({ serials: ['X-1', 'X-2'], stock: 2 })
    expect(await client.emulator.getFulfilment('rec_demoSerial001')).toMatchObject({ stock: 2 })
  })
})
