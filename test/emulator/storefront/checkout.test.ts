import { describe, expect, it } from 'vitest'
import { CheckoutResponseSchema } from '../../../src/contract/storefront.js'
import { shop } from '../commerce/helpers.js'

const gameKey = { productId: 'rec_demoSerial001', quantity: 1 }

describe('POST /storefront/:shop/checkout', () => {
  it('places a pending, unpaid order ORD-<n> with prices, a customer and order:created events', async () => {
    const s = await shop()
    const res = await s.storefront('/checkout', {
      method: 'POST',
      json: {
        items: [{ productId: 'rec_demoSerial001', quantity: 2 }, { productId: 'prod_demo_digital' }],
        email: 'Grace@Example.com',
        name: 'Grace Hopper',
        country: 'us',
      },
    })
    expect(res.status).toBe(201)
    const body = CheckoutResponseSchema.parse(await res.json())
    const order = body.order as any
    expect(order).toMatchObject({
      orderNumber: 'ORD-3',
      status: 'pending',
      paymentStatus: 'unpaid',
      total: 38.99,
      subtotal: 38.99,
      discount: 0,
      currency: 'USD',
      customerEmail: 'grace@example.com',
      customerName: 'Grace Hopper',
      paidAt: null,
      country: 'US',
    })
    expect(
      order.items.map((i: any) => [i.productId, i.productType, i.quantity, i.price, i.total, i.delivery.status]),
    ).toEqual([
      ['prod_demo_serial', 'Serial', 2, 9.5, 19, 'awaiting_payment'],
      ['prod_demo_digital', 'Digital', 1, 19.99, 19.99, 'awaiting_payment'],
    ])
    expect(order).not.toHaveProperty('shopId')
    expect(body.invoiceUrl).toBe(`http://localhost/storefront/demo/invoices/${order.id}`)
    expect(res.headers.get('location')).toBe(body.invoiceUrl)

    const customer = s.customer('grace@example.com')
    expect(customer).toMatchObject({
      name: 'Grace Hopper',
      country: 'US',
      totalOrders: 1,
      totalSpent: 0,
      lastOrderAt: order.createdAt,
    })
    expect(order.customerId).toBe(customer.id)
    expect(s.kinds()).toEqual(['order:created', 'order:created:product', 'order:created:product'])
    expect(s.events[1].data).toMatchObject({ order: { id: order.id }, item: { productId: 'prod_demo_serial' } })
    // Stock is only checked at checkout; it is taken at payment.
    expect(s.stock('prod_demo_serial')).toBe(10)

    const second = await s.order({ items: [gameKey], email: 'grace@example.com' })
    expect(second.orderNumber).toBe('ORD-4')
    expect(s.customer(customer.id).totalOrders).toBe(2)
  })

  it('counts an order for an existing customer without overwriting what is known', async () => {
    const s = await shop()
    await s.order({ items: [gameKey], email: 'ada@example.com', name: 'Someone Else' })
    expect(s.customer('cus_demo_ada')).toMatchObject({
      name: 'Ada Lovelace',
      totalOrders: 2,
      totalSpent: 49,
      lastOrderAt: '2026-06-01T12:00:00.000Z',
    })
  })

  it('prices a group: line totals, then discountPercent, then the coupon', async () => {
    const s = await shop()
    const order = await s.order({ groupId: 'grp_demo_bundle', couponCode: 'welcome10' })
    expect(order.items.map((i: any) => [i.productId, i.quantity, i.total])).toEqual([
      ['prod_demo_serial', 1, 9.5],
      ['prod_demo_mystery', 1, 3],
    ])
    expect(order).toMatchObject({
      subtotal: 12.5,
      groupId: 'grp_demo_bundle',
      groupDiscount: 1.88,
      couponCode: 'WELCOME10',
      couponDiscount: 1.06,
      discount: 2.94,
      total: 9.56,
    })
    expect(s.emu.services.coupons.get(s.demo(), 'cpn_demo_welcome').usedCount).toBe(1)
  })

  it('charges 0 for a Subscription whose plan starts with a trial', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'prod_demo_subscription' }] })
    expect(order.items[0]).toMatchObject({ price: 0, total: 0, trial: true })
    expect(order.total).toBe(0)
  })

  describe('refusals, each a clear JSON error that leaves nothing behind', () => {
    async function expectRefused(
      s: Awaited<ReturnType<typeof shop>>,
      body: Record<string, unknown>,
      status: number,
      error: string,
      headers?: Record<string, string>,
    ) {
      const before = {
        seq: s.demo().orderSeq,
        orders: s.emu.services.orders.list(s.demo(), Number.MAX_SAFE_INTEGER).length,
        customers: s.emu.services.customers.list(s.demo(), Number.MAX_SAFE_INTEGER).length,
        coupons: s.emu.services.coupons.list(s.demo()).map((c) => c.usedCount),
      }
      const eventsBefore = s.events.length
      const res = await s.checkout(body, headers)
      expect(res.status).toBe(status)
      expect(res.body.error).toBe(error)
      expect({
        seq: s.demo().orderSeq,
        orders: s.emu.services.orders.list(s.demo(), Number.MAX_SAFE_INTEGER).length,
        customers: s.emu.services.customers.list(s.demo(), Number.MAX_SAFE_INTEGER).length,
        coupons: s.emu.services.coupons.list(s.demo()).map((c) => c.usedCount),
      }).toEqual(before)
      expect(s.events.length).toBe(eventsBefore)
    }

    it('refuses a blacklisted IP (body or X-Forwarded-For), country and e-mail with 403', async () => {
      const s = await shop()
      await s.post('/api/v1/blacklists', { type: 'COUNTRY', value: 'kp' })
      await s.post('/api/v1/blacklists', { type: 'EMAIL', value: 'Fraud@Example.com' })
      await expectRefused(
        s,
        { items: [gameKey], ip: '203.0.113.66' },
        403,
        'your IP address is blocked by this shop; contact the merchant if you think this is a mistake',
      )
      await expectRefused(
        s,
        { items: [gameKey] },
        403,
        'your IP address is blocked by this shop; contact the merchant if you think this is a mistake',
        { 'x-forwarded-for': '203.0.113.66, 10.0.0.1' },
      )
      await expectRefused(
        s,
        { items: [gameKey], country: 'KP' },
        403,
        'your country is blocked by this shop; contact the merchant if you think this is a mistake',
      )
      await expectRefused(
        s,
        { items: [gameKey] },
        403,
        'your country is blocked by this shop; contact the merchant if you think this is a mistake',
        { 'cf-ipcountry': 'kp' },
      )
      await expectRefused(
        s,
        { items: [gameKey], email: 'fraud@example.COM' },
        403,
        'your e-mail address is blocked by this shop; contact the merchant if you think this is a mistake',
      )
    })

    it('refuses unknown, Draft and Archived products with 404', async () => {
      const s = await shop()
      await s.put('/api/v1/products/prod_demo_physical', { status: 'Archived' })
      await expectRefused(s, { items: [{ productId: 'rec_nope' }] }, 404, 'product not found: rec_nope')
      await expectRefused(
        s,
        { items: [{ productId: 'rec_demoDraft0001' }] },
        404,
        'product not found: rec_demoDraft0001',
      )
      await expectRefused(
        s,
        { items: [gameKey, { productId: 'prod_demo_physical' }] },
        404,
        'product not found: prod_demo_physical',
      )
    })

    it('refuses a product of another shop with 404', async () => {
      const s = await shop()
      await s.post('/_emulator/shops', { name: 'Other', slug: 'other' })
      const res = await s.emu.app.request('/storefront/other/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.co', items: [gameKey] }),
      })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({
        error: 'product not found: rec_demoSerial001',
        errors: [{ field: 'items.0.productId', message: 'is not a product on sale in this shop' }],
      })
    })

    it('refuses a quantity above stock with 409', async () => {
      const s = await shop()
      await expectRefused(
        s,
        { items: [{ productId: 'prod_demo_physical', quantity: 41 }] },
        409,
        'items.0.quantity: only 40 of "Store T-Shirt" in stock (asked for 41)',
      )
      await expectRefused(
        s,
        { items: [{ productId: 'rec_demoSerial001', quantity: 11 }] },
        409,
        'items.0.quantity: only 10 of "Game Key" in stock (asked for 11); its stock is its code pool: add codes with store emulator fulfilment set rec_demoSerial001 --serials @codes.txt (PUT /_emulator/products/rec_demoSerial001/fulfilment)',
      )
    })

    it('refuses an InfoCard with 400', async () => {
      const s = await shop()
      await expectRefused(
        s,
        { items: [{ productId: 'rec_demoInfoCard1' }] },
        400,
        'items.0.productId: "Shipping Information" is an InfoCard: display only, it cannot be bought',
      )
    })

    it('refuses inactive, expired, exhausted, unknown and below-minAmount coupons', async () => {
      const s = await shop()
      await s.put('/api/v1/coupons/cpn_demo_welcome', { active: false })
      await s.post('/api/v1/coupons', { code: 'ONCE', type: 'fixed', value: 1, usageLimit: 1 })
      await s.order({ items: [gameKey], couponCode: 'ONCE' })
      await expectRefused(
        s,
        { items: [gameKey], couponCode: 'WELCOME10' },
        400,
        'couponCode: coupon "WELCOME10" is not active',
      )
      await expectRefused(
        s,
        { items: [gameKey], couponCode: 'summer25' },
        400,
        'couponCode: coupon "SUMMER25" expired at 2025-09-01T00:00:00.000Z',
      )
      await expectRefused(
        s,
        { items: [gameKey], couponCode: 'ONCE' },
        409,
        'couponCode: coupon "ONCE" has been used 1 of 1 times; no uses are left',
      )
      await expectRefused(
        s,
        { items: [gameKey], couponCode: 'NOPE' },
        400,
        'couponCode: no coupon "NOPE" exists in this shop',
      )
      await expectRefused(
        s,
        { items: [{ productId: 'prod_demo_digital' }], couponCode: 'FIVEOFF' },
        400,
        'couponCode: coupon "FIVEOFF" needs an order of at least 20.00 (this one is 19.99)',
      )
    })

    it('refuses mixed currencies, a product listed twice and a bad body with 400', async () => {
      const s = await shop()
      await s.post('/api/v1/products', { name: 'Euro Key', price: 5, type: 'Service', currency: 'EUR', status: 'Live' })
      const euro = s.emu.services.catalogue
        .browse(s.demo(), 0, 100)
        .rows.find((r) => r.product.name === 'Euro Key')!.product
      await expectRefused(
        s,
        { items: [gameKey, { productId: euro.id }] },
        400,
        'items: products of one order must share a currency ("Game Key" is USD, "Euro Key" is EUR)',
      )
      await expectRefused(
        s,
        { items: [gameKey, { productId: 'prod_demo_serial', quantity: 2 }] },
        400,
        'items.1.productId: "Game Key" is listed twice; give each product once with its quantity',
      )
      await expectRefused(s, { email: 'a@b.co' }, 400, 'items: send either items or groupId (exactly one of them)')
      await expectRefused(
        s,
        { items: [gameKey], groupId: 'grp_demo_bundle' },
        400,
        'items: send either items or groupId (exactly one of them)',
      )
      await expectRefused(s, { items: [gameKey], email: 'not-an-email' }, 400, 'email: must be an e-mail address')
      await expectRefused(
        s,
        { items: [{ productId: 'prod_demo_serial', quantity: 0 }] },
        400,
        'items.0.quantity: must be at least 1',
      )
      await expectRefused(s, { items: [gameKey], shipping: 'fast' }, 400, 'shipping: is not a known field')
    })

    it('refuses an unknown group with 404 and an invalid mystery client seed with 400', async () => {
      const s = await shop()
      await expectRefused(s, { groupId: 'grp_nope' }, 404, 'group not found: grp_nope')
      await expectRefused(
        s,
        { items: [{ productId: 'rec_demoMystery01' }], customFields: { __mysteryClientSeed: 'x'.repeat(65) } },
        400,
        'customFields.__mysteryClientSeed: must be 1-64 printable ASCII characters',
      )
    })

    it('refuses a MysteryBox without a drop table with 409', async () => {
      const s = await shop()
      await s.post('/api/v1/products', { name: 'Empty Box', price: 1, type: 'MysteryBox', status: 'Live' })
      const box = s.emu.services.catalogue
        .browse(s.demo(), 0, 100)
        .rows.find((r) => r.product.name === 'Empty Box')!.product
      await expectRefused(
        s,
        { items: [{ productId: box.id }] },
        409,
        `"Empty Box" has no published drop table yet, so it cannot be sold; the merchant sets one with store emulator fulfilment set ${box.productId} --mystery @table.json (PUT /_emulator/products/${box.productId}/fulfilment)`,
      )
    })
  })
})
