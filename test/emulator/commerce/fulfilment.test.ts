import { describe, expect, it } from 'vitest'
import { SubscriptionSchema } from '../../../src/contract/subscriptions.js'
import { OrderSchema } from '../../../src/contract/orders.js'
import { shop } from './helpers.js'

describe('fulfilment on payment, per product type', () => {
  it('Service: delivers the delivery message and completes the order', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'rec_demoService01' }] })
    const { status, body } = await s.pay(order.id)
    expect(status).toBe(200)
    OrderSchema.parse(body)
    expect(body).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      paidAt: '2026-06-01T12:00:00.000Z',
      amountPaid: 49,
      paymentMethod: 'processor',
    })
    expect(body.items[0].delivery).toEqual({
      status: 'delivered',
      reason: null,
      deliveredAt: '2026-06-01T12:00:00.000Z',
      files: [],
      message: 'Thanks! Book your slot at https://example.com/book — quote your order number.',
    })
  })

  it('Digital: delivers the download links; an unset-up product stays undelivered until fixed and retried', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'prod_demo_digital', quantity: 2 }] })
    const paid = (await s.pay(order.id)).body
    expect(paid.items[0].delivery).toMatchObject({
      status: 'delivered',
      files: [
        { name: 'templates.zip', url: 'https://files.example.com/templates.zip' },
        { name: 'README.pdf', url: 'https://files.example.com/readme.pdf' },
      ],
    })

    await s.post('/api/v1/products', { name: 'Ebook', price: 4, type: 'Digital', status: 'Live', stock: 3 })
    const ebook = s.emu.services.catalogue
      .browse(s.demo(), 0, 100)
      .rows.find((r) => r.product.name === 'Ebook')!.product
    const second = await s.order({ items: [{ productId: ebook.id }] })
    const undelivered = (await s.pay(second.id)).body
    expect(undelivered.status).toBe('processing')
    expect(undelivered.items[0].delivery).toMatchObject({
      status: 'undelivered',
      reason: `no files are set up for this product; add them with store emulator fulfilment set ${ebook.id} --file NAME=URL (PUT /_emulator/products/${ebook.id}/fulfilment), then retry with POST /_emulator/orders/${second.orderNumber}/deliver`,
    })
    expect(s.stock(ebook.id)).toBe(3)

    await s.put(`/_emulator/products/${ebook.id}/fulfilment`, {
      files: [{ name: 'book.epub', url: 'https://files.example.com/book.epub' }],
    })
    const retried = (await (await s.post(`/_emulator/orders/${second.orderNumber}/deliver`)).json()) as any
    expect(retried.status).toBe('completed')
    expect(retried.items[0].delivery).toMatchObject({
      status: 'delivered',
      files: [{ name: 'book.epub', url: 'https://files.example.com/book.epub' }],
    })
    expect(s.stock(ebook.id)).toBe(2)
  })

  it('Physical: takes stock at payment, stays processing until tracking is added, then completes', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'prod_demo_physical', quantity: 2 }] })
    const paid = (await s.pay(order.id)).body
    expect(paid.status).toBe('processing')
    expect(paid.items[0].delivery).toMatchObject({
      status: 'awaiting_shipment',
      reason: null,
      message: 'Your shirt ships within 2 business days; tracking appears here once added.',
    })
    expect(s.stock('prod_demo_physical')).toBe(38)

    const early = await s.order({ items: [{ productId: 'prod_demo_physical' }] })
    const refused = await s.post(`/_emulator/orders/${early.id}/tracking`, { code: 'X' })
    expect(refused.status).toBe(409)

    s.events.length = 0
    const res = await s.post(`/_emulator/orders/${order.orderNumber}/tracking`, {
      code: '1Z999AA10123456784',
      carrier: 'UPS',
    })
    expect(res.status).toBe(200)
    const shipped = (await res.json()) as any
    expect(shipped.status).toBe('completed')
    expect(shipped.tracking).toEqual([
      { code: '1Z999AA10123456784', carrier: 'UPS', addedAt: '2026-06-01T12:00:00.000Z' },
    ])
    expect(shipped.items[0].delivery).toMatchObject({ status: 'delivered', tracking: shipped.tracking })
    expect(s.kinds()).toEqual(['order:updated', 'order:updated:product'])
    expect((await s.invoice(order.id)).tracking).toEqual(shipped.tracking)
    expect(s.stock('prod_demo_physical')).toBe(38)

    const noPhysical = await s.order({ items: [{ productId: 'rec_demoService01' }] })
    await s.pay(noPhysical.id)
    const wrong = await s.post(`/_emulator/orders/${noPhysical.id}/tracking`, { code: 'X' })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as any).error).toBe(
      `order ${noPhysical.orderNumber} has no Physical item; tracking applies to shipped goods`,
    )
  })

  it('Serial: one unique code per unit from the front of the pool; stock follows the pool', async () => {
    const s = await shop()
    const first = await s.order({ items: [{ productId: 'rec_demoSerial001', quantity: 3 }] })
    const second = await s.order({ items: [{ productId: 'rec_demoSerial001', quantity: 2 }] })
    s.events.length = 0
    expect((await s.pay(first.id)).body.items[0].delivery.codes).toEqual([
      'KEY-AAAA-0001',
      'KEY-AAAA-0002',
      'KEY-AAAA-0003',
    ])
    expect(s.kinds()).toEqual(['order:paid', 'order:paid:product', 'product:stock'])
    expect((s.events[2].data as any).product).toMatchObject({ id: 'prod_demo_serial', stock: 7 })
    expect((await s.pay(second.id)).body.items[0].delivery.codes).toEqual(['KEY-AAAA-0004', 'KEY-AAAA-0005'])
    expect(s.kinds().slice(-2)).toEqual(['product:stock', 'product:stock:low'])
    expect(s.stock('prod_demo_serial')).toBe(5)
    const setup = (await (await s.emu.request('/_emulator/products/prod_demo_serial/fulfilment')).json()) as any
    expect(setup.serials).toEqual(['KEY-AAAA-0006', 'KEY-AAAA-0007', 'KEY-AAAA-0008', 'KEY-AAAA-0009', 'KEY-AAAA-0010'])
    const codes = await s.storefront(`/invoices/${first.id}/codes.txt`)
    expect(codes.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await codes.text()).toBe('KEY-AAAA-0001\nKEY-AAAA-0002\nKEY-AAAA-0003\n')
  })

  it('Serial: a line that finds the pool short at payment is paid but undelivered with the reason, and delivered after a restock', async () => {
    const s = await shop()
    const a = await s.order({ items: [{ productId: 'rec_demoSerial001', quantity: 8 }] })
    const b = await s.order({ items: [{ productId: 'rec_demoSerial001', quantity: 3 }] })
    await s.pay(a.id)
    const short = (await s.pay(b.id)).body
    expect(short).toMatchObject({ paymentStatus: 'paid', status: 'processing' })
    expect(short.items[0].delivery).toMatchObject({
      status: 'undelivered',
      reason: `out of stock: 2 code(s) left for 3 unit(s); add serials with store emulator fulfilment set rec_demoSerial001 --serials @codes.txt (PUT /_emulator/products/rec_demoSerial001/fulfilment), then retry with POST /_emulator/orders/${b.orderNumber}/deliver`,
    })
    expect(short.items[0]).not.toHaveProperty('taken')
    expect(s.stock('prod_demo_serial')).toBe(2)

    const restock = await s.put('/_emulator/products/prod_demo_serial/fulfilment', {
      serials: ['KEY-BBBB-0001', 'KEY-BBBB-0002', 'KEY-BBBB-0003'],
    })
    expect(restock.status).toBe(200)
    // Paying again takes no money and retries what is undelivered.
    const retried = (await s.pay(b.id)).body
    expect(retried).toMatchObject({ status: 'completed', amountPaid: 28.5 })
    expect(retried.items[0].delivery.codes).toEqual(['KEY-BBBB-0001', 'KEY-BBBB-0002', 'KEY-BBBB-0003'])
    expect(s.stock('prod_demo_serial')).toBe(0)
  })

  it('Subscription: a paid line with a trial starts a TRIALING subscription and fires created and trial:started', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'prod_demo_subscription' }] })
    s.events.length = 0
    const paid = (await s.pay(order.id)).body
    const subscriptionId = paid.items[0].delivery.subscriptionId
    expect(paid.items[0].delivery).toMatchObject({
      status: 'delivered',
      message: 'Welcome to Pro! Log in at https://example.com/pro.',
    })
    expect(s.kinds()).toEqual([
      'order:paid',
      'order:paid:product',
      'subscription:created',
      'subscription:created:product',
      'subscription:trial:started',
      'subscription:trial:started:product',
    ])
    expect(s.events[2].data).toMatchObject({ subscription: { id: subscriptionId }, order: { id: order.id } })
    const sub = SubscriptionSchema.parse(await (await s.emu.request(`/api/v1/subscriptions/${subscriptionId}`)).json())
    expect(sub).toMatchObject({
      productId: 'prod_demo_subscription',
      productName: 'Pro Membership',
      productProductId: 'rec_demoSubscr001',
      customerEmail: 'buyer@example.com',
      customerId: order.customerId,
      status: 'TRIALING',
      currentPeriodEnd: '2026-06-08T12:00:00.000Z',
      createdAt: '2026-06-01T12:00:00.000Z',
      canceledAt: null,
    })
    expect(sub.processorSubscriptionId).toMatch(/^sub_[0-9A-Za-z]{14}$/)
    expect(sub.processorCustomerId).toMatch(/^cus_[0-9A-Za-z]{14}$/)
  })

  it('Subscription: without a trial it is ACTIVE for one paid period', async () => {
    const s = await shop()
    await s.put('/_emulator/products/prod_demo_subscription/fulfilment', {
      subscription: { interval: 'YEAR', intervalCount: 1 },
    })
    const order = await s.order({ items: [{ productId: 'prod_demo_subscription', quantity: 2 }] })
    expect(order.total).toBe(24)
    const paid = (await s.pay(order.id)).body
    const sub = s.emu.services.subscriptions.get(s.demo(), paid.items[0].delivery.subscriptionId) as any
    expect(sub).toMatchObject({
      status: 'ACTIVE',
      currentPeriodEnd: '2027-06-01T12:00:00.000Z',
      quantity: 2,
      amount: 24,
      trialEnd: null,
    })
  })

  it('InfoCard: a line that exists anyway (a seeded order) has nothing to deliver', async () => {
    const s = await shop({
      seed: {
        products: [{ id: 'p_card', name: 'Card', price: 0, type: 'InfoCard', status: 'Live' }],
        orders: [{ id: 'o1', customerEmail: 'a@b.co', items: [{ productId: 'p_card', quantity: 1, price: 0 }] }],
      },
    })
    const paid = (await s.pay('o1')).body
    expect(paid.status).toBe('completed')
    expect(paid.items[0].delivery).toEqual({
      status: 'none',
      reason: 'InfoCard products are display only; nothing is delivered',
    })
  })

  it('pays a seeded order that carries none of the checkout extras', async () => {
    const s = await shop()
    const paid = (await s.pay('ORD-2')).body
    expect(paid).toMatchObject({ paymentStatus: 'paid', status: 'processing', amountPaid: 50 })
    expect(s.stock('prod_demo_physical')).toBe(38)
    expect(s.customer('cus_demo_alan').totalSpent).toBe(50)
  })
})
