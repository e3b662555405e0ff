import { describe, expect, it } from 'vitest'
import { FeedbackSchema, InvoiceSchema, QuerySchema } from '../../../src/contract/storefront.js'
import { shop } from '../commerce/helpers.js'

describe('GET /storefront/:shop/invoices/:orderId', () => {
  it('shows the invoice as JSON when asked for JSON, before and after payment', async () => {
    const s = await shop()
    const order = await s.order({
      items: [{ productId: 'rec_demoSerial001', quantity: 2 }, { productId: 'rec_demoService01' }],
      couponCode: 'FIVEOFF',
      name: 'Grace',
    })
    const before = InvoiceSchema.parse(await s.invoice(order.id))
    expect(before).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      shop: { name: 'Demo Shop', slug: 'demo' },
      status: 'pending',
      paymentStatus: 'unpaid',
      subtotal: 68,
      discount: 5,
      total: 63,
      amountPaid: 0,
      amountDue: 63,
      coupon: { code: 'FIVEOFF', discount: 5 },
      customerName: 'Grace',
      paidAt: null,
      tracking: [],
      codesUrl: `/storefront/demo/invoices/${order.id}/codes.txt`,
    })
    expect(before.items.map((i) => i.delivery.status)).toEqual(['awaiting_payment', 'awaiting_payment'])
    expect(await (await s.storefront(`/invoices/${order.id}/codes.txt`)).text()).toBe('')

    await s.pay(order.id)
    const after = InvoiceSchema.parse(await s.invoice(order.id))
    expect(after).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      amountPaid: 63,
      amountDue: 0,
      paidAt: '2026-06-01T12:00:00.000Z',
    })
    expect(after.items[0].delivery.codes).toEqual(['KEY-AAAA-0001', 'KEY-AAAA-0002'])
    expect(after.items[1].delivery.message).toBe(
      'Thanks! Book your slot at https://example.com/book — quote your order number.',
    )
    const codes = await s.storefront(`/invoices/${order.id}/codes.txt`)
    expect(codes.headers.get('content-disposition')).toBe(`attachment; filename="${order.orderNumber}-codes.txt"`)
    expect(await codes.text()).toBe('KEY-AAAA-0001\nKEY-AAAA-0002\n')
  })

  it('serves the invoice page to a browser', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'rec_demoService01' }] })
    const page = await s.storefront(`/invoices/${order.id}`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await page.text()).toContain(order.orderNumber)
  })

  it("answers 404 for an order number (guessable), another shop's order and an unknown id", async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'rec_demoService01' }] })
    await s.post('/_emulator/shops', { name: 'Other', slug: 'other' })
    expect((await s.storefront(`/invoices/${order.orderNumber}`)).status).toBe(404)
    expect(
      (await s.emu.app.request(`/storefront/other/invoices/${order.id}`, { headers: { accept: 'application/json' } }))
        .status,
    ).toBe(404)
    const unknown = await s.storefront('/invoices/ord_nope/codes.txt')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'invoice not found: ord_nope' })
  })
})

describe('POST /storefront/:shop/invoices/:orderId/feedback', () => {
  it('takes one rating per product of a paid order and fires feedback:received', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'rec_demoSerial001' }, { productId: 'rec_demoService01' }] })
    const early = await s.storefront(`/invoices/${order.id}/feedback`, { method: 'POST', json: { rating: 5 } })
    expect(early.status).toBe(409)
    await s.pay(order.id)
    s.events.length = 0
    const res = await s.storefront(`/invoices/${order.id}/feedback`, {
      method: 'POST',
      json: { rating: 4, comment: 'Key worked' },
    })
    expect(res.status).toBe(201)
    const feedback = FeedbackSchema.parse(await res.json())
    expect(feedback).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      productId: 'prod_demo_serial',
      productTitle: 'Game Key',
      customerEmail: 'buyer@example.com',
      rating: 4,
      comment: 'Key worked',
    })
    expect(s.kinds()).toEqual(['feedback:received'])
    expect((s.events[0].data as any).feedback.id).toBe(feedback.id)
    expect((await s.storefront(`/invoices/${order.id}/feedback`, { method: 'POST', json: { rating: 1 } })).status).toBe(
      409,
    )
    expect(
      (
        await s.storefront(`/invoices/${order.id}/feedback`, {
          method: 'POST',
          json: { rating: 5, productId: 'rec_demoService01' },
        })
      ).status,
    ).toBe(201)
    const other = await s.storefront(`/invoices/${order.id}/feedback`, {
      method: 'POST',
      json: { rating: 5, productId: 'prod_demo_physical' },
    })
    expect(other.status).toBe(400)
    const bad = await s.storefront(`/invoices/${order.id}/feedback`, { method: 'POST', json: { rating: 6 } })
    expect(((await bad.json()) as any).error).toBe('rating: must be between 1 and 5')
    const listed = (await (await s.emu.request('/_emulator/feedback')).json()) as any
    expect(listed.feedback).toHaveLength(2)
  })
})

describe('customer queries', () => {
  it("opens a ticket from the storefront (query:created) and takes the merchant's reply (query:replied)", async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'rec_demoService01' }] })
    const res = await s.storefront('/queries', {
      method: 'POST',
      json: {
        email: 'Buyer@Example.com',
        subject: 'Where is my call?',
        message: 'I paid yesterday.',
        orderId: order.orderNumber,
      },
    })
    expect(res.status).toBe(201)
    const query = QuerySchema.parse(await res.json())
    expect(query).toMatchObject({
      customerEmail: 'buyer@example.com',
      customerId: order.customerId,
      orderId: order.id,
      status: 'open',
      replies: [],
      replyCount: 0,
    })
    expect(query.ticketId).toMatch(/^TCK-[0-9A-Z]{8}$/)
    expect(s.kinds().at(-1)).toBe('query:created')

    const list = (await (await s.emu.request('/_emulator/queries')).json()) as any
    expect(list.queries.map((q: any) => q.id)).toEqual([query.id])
    const reply = await s.post(`/_emulator/queries/${query.id}/reply`, { message: 'Booked for Friday.' })
    expect(reply.status).toBe(200)
    expect(await reply.json()).toMatchObject({
      status: 'answered',
      replyCount: 1,
      replies: [{ message: 'Booked for Friday.', createdAt: '2026-06-01T12:00:00.000Z' }],
    })
    expect(s.kinds().at(-1)).toBe('query:replied')
    expect((s.events.at(-1)!.data as any).query.id).toBe(query.id)
    expect((await s.post('/_emulator/queries/qry_nope/reply', { message: 'x' })).status).toBe(404)
  })

  it('refuses an unknown order, a bad e-mail and a blacklisted e-mail', async () => {
    const s = await shop()
    await s.post('/api/v1/blacklists', { type: 'EMAIL', value: 'spam@example.com' })
    const unknown = await s.storefront('/queries', {
      method: 'POST',
      json: { email: 'a@b.co', subject: 's', message: 'm', orderId: 'ORD-999' },
    })
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as any).error).toBe('orderId: no order ORD-999 in this shop')
    const bad = await s.storefront('/queries', { method: 'POST', json: { email: 'nope', subject: 's', message: 'm' } })
    expect(((await bad.json()) as any).error).toBe('email: must be an e-mail address')
    expect(
      (
        await s.storefront('/queries', {
          method: 'POST',
          json: { email: 'spam@example.com', subject: 's', message: 'm' },
        })
      ).status,
    ).toBe(403)
  })
})
