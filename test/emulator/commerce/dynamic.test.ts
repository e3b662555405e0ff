import { afterEach, describe, expect, it } from 'vitest'
import { receiver, shop, type Shop } from './helpers.js'

type Receiver = Awaited<ReturnType<typeof receiver>>
const open: Receiver[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

async function dynamicShop(
  respond: Parameters<typeof receiver>[0],
  dynamicTimeoutMs = 2_000,
): Promise<{ s: Shop; r: Receiver }> {
  const r = await receiver(respond)
  open.push(r)
  const s = await shop({ fetch: globalThis.fetch, options: { dynamicTimeoutMs } })
  const res = await s.put('/_emulator/products/prod_demo_dynamic/fulfilment', { dynamicWebhookUrl: `${r.url}/deliver` })
  expect(res.status).toBe(200)
  return { s, r }
}

describe('Dynamic fulfilment: INVOICE.ITEM.DELIVER-DYNAMIC', () => {
  it('POSTs the spec body once per line and shows the JSON answer on the invoice', async () => {
    const { s, r } = await dynamicShop((_req, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ username: 'ada_42', password: 'hunter2', login: 'https://example.com/login' }))
    })
    const order = await s.order({
      items: [{ productId: 'rec_demoDynamic01' }, { productId: 'rec_demoSerial001' }],
      couponCode: 'WELCOME10',
      name: 'Ada',
      gateway: 'wallet',
      customFields: { chat_id: 4242, chat_username: 'ada_l', note: 'hi' },
    })
    s.events.length = 0
    const paid = (await s.pay(order.id)).body
    expect(r.requests).toHaveLength(1)
    const [req] = r.requests
    expect(req.method).toBe('POST')
    expect(req.url).toBe('/deliver')
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.headers['user-agent']).toBe('Service-Webhook/1.0')
    const custom = { chat_id: 4242, chat_username: 'ada_l', note: 'hi' }
    expect(req.json).toEqual({
      event: 'INVOICE.ITEM.DELIVER-DYNAMIC',
      id: order.id,
      order_number: order.orderNumber,
      unique_id: order.id,
      shop_customer_id: order.customerId,
      coupon_id: 'cpn_demo_welcome',
      coupon_discount: '1.45',
      gateway_fee: '0.00',
      created_at: '2026-06-01T12:00:00.000Z',
      updated_at: '2026-06-01T12:00:00.000Z',
      gateway: 'WALLET',
      email: 'buyer@example.com',
      status: 'processing',
      price: '13.05',
      currency: 'USD',
      amount: 1,
      custom_fields: custom,
      customer: {
        id: order.customerId,
        email: 'buyer@example.com',
        name: 'Ada',
        chat_id: '4242',
        chat_username: 'ada_l',
      },
      coupon: { id: 'cpn_demo_welcome', code: 'WELCOME10', discount: '1.45', type: 'percentage' },
      item: {
        id: order.items[0].id,
        invoice_id: order.id,
        product_id: 'prod_demo_dynamic',
        status: 'pending',
        price: '5.00',
        quantity: 1,
        total_price: '5.00',
        custom_fields: custom,
        product: { id: 'prod_demo_dynamic', name: 'Custom Account' },
      },
    })
    expect(paid.status).toBe('completed')
    expect(paid.items[0].delivery).toEqual({
      status: 'delivered',
      reason: null,
      deliveredAt: '2026-06-01T12:00:00.000Z',
      attempts: 1,
      dynamic: {
        status: 200,
        contentType: 'application/json',
        content: { username: 'ada_42', password: 'hunter2', login: 'https://example.com/login' },
      },
    })
    expect((await s.invoice(order.id)).items[0].delivery.dynamic.content.username).toBe('ada_42')
    expect(s.kinds()).toEqual([
      'order:paid',
      'order:paid:product',
      'order:paid:product',
      'product:stock',
      'order:updated',
      'order:updated:product',
      'order:updated:product',
      'product:dynamic',
    ])
  })

  it('keeps a text answer as text', async () => {
    const { s } = await dynamicShop((_req, res) => {
      res.setHeader('content-type', 'text/plain')
      res.end('Your licence: ABC-123')
    })
    const order = await s.order({ items: [{ productId: 'rec_demoDynamic01' }] })
    const paid = (await s.pay(order.id)).body
    expect(paid.items[0].delivery.dynamic).toEqual({
      status: 200,
      contentType: 'text/plain',
      content: 'Your licence: ABC-123',
    })
  })

  it('leaves a failed line undelivered with the reason; a retry POSTs only that line again', async () => {
    let fail = true
    const { s, r } = await dynamicShop((_req, res) => {
      if (fail) {
        res.statusCode = 503
        res.end('upstream down')
      } else res.end('account ready')
    })
    const order = await s.order({ items: [{ productId: 'rec_demoDynamic01' }, { productId: 'rec_demoSerial001' }] })
    const paid = (await s.pay(order.id)).body
    expect(paid.status).toBe('processing')
    expect(paid.items[0].delivery).toMatchObject({
      status: 'undelivered',
      attempts: 1,
      dynamic: { status: 503, content: 'upstream down' },
      reason: `the Dynamic Webhook URL answered 503: upstream down; then retry with POST /_emulator/orders/${order.orderNumber}/deliver`,
    })
    expect(paid.items[1].delivery.codes).toEqual(['KEY-AAAA-0001'])

    fail = false
    const res = await s.post(`/_emulator/orders/${order.orderNumber}/deliver`)
    const retried = (await res.json()) as any
    expect(r.requests).toHaveLength(2)
    expect(retried.status).toBe('completed')
    expect(retried.items[0].delivery).toMatchObject({
      status: 'delivered',
      attempts: 2,
      reason: null,
      dynamic: { status: 200, content: 'account ready' },
    })
    expect(retried.items[1].delivery.codes).toEqual(['KEY-AAAA-0001'])
    expect(s.stock('prod_demo_serial')).toBe(9)

    await s.post(`/_emulator/orders/${order.orderNumber}/deliver`)
    await s.pay(order.id)
    expect(r.requests).toHaveLength(2)
  })

  it('gives up after the timeout (15 s by default, shortened here) and says so', async () => {
    const { s } = await dynamicShop(() => {
      /* never answers */
    }, 100)
    const order = await s.order({ items: [{ productId: 'rec_demoDynamic01' }] })
    const started = Date.now()
    const paid = (await s.pay(order.id)).body
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(paid.items[0].delivery).toMatchObject({
      status: 'undelivered',
      attempts: 1,
      reason: `the Dynamic Webhook URL did not answer within 0.1 s; then retry with POST /_emulator/orders/${order.orderNumber}/deliver`,
    })
  })

  it('reports an unreachable URL, and a product without a URL delivers once one is set', async () => {
    const s = await shop({ fetch: globalThis.fetch })
    const dead = await receiver()
    const deadUrl = dead.url
    await dead.close()
    await s.put('/_emulator/products/prod_demo_dynamic/fulfilment', { dynamicWebhookUrl: `${deadUrl}/x` })
    const order = await s.order({ items: [{ productId: 'rec_demoDynamic01' }] })
    expect((await s.pay(order.id)).body.items[0].delivery.reason).toBe(
      `the Dynamic Webhook URL could not be reached (ECONNREFUSED); then retry with POST /_emulator/orders/${order.orderNumber}/deliver`,
    )

    await s.put('/_emulator/products/prod_demo_dynamic/fulfilment', { dynamicWebhookUrl: null })
    const second = await s.order({ items: [{ productId: 'rec_demoDynamic01' }] })
    const noUrl = (await s.pay(second.id)).body
    expect(noUrl.items[0].delivery.reason).toBe(
      `no Dynamic Webhook URL is set up for this product; set one with store emulator fulfilment set prod_demo_dynamic --dynamic-url URL (PUT /_emulator/products/prod_demo_dynamic/fulfilment), then retry with POST /_emulator/orders/${second.orderNumber}/deliver`,
    )
    const live = await receiver((_req, res) => res.end('done'))
    open.push(live)
    await s.put('/_emulator/products/prod_demo_dynamic/fulfilment', { dynamicWebhookUrl: live.url })
    const retried = (await (await s.post(`/_emulator/orders/${second.id}/deliver`)).json()) as any
    expect(retried.items[0].delivery).toMatchObject({ status: 'delivered', dynamic: { content: 'done' } })
    expect(live.requests).toHaveLength(1)
  })

  it('never POSTs a line twice when payments race', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { s, r } = await dynamicShop(async (_req, res) => {
      await gate
      res.end('ok')
    })
    const order = await s.order({ items: [{ productId: 'rec_demoDynamic01' }] })
    const racing = Promise.all([s.pay(order.id), s.pay(order.id), s.post(`/_emulator/orders/${order.id}/deliver`)])
    await new Promise((resolve) => setTimeout(resolve, 100))
    release()
    await racing
    expect(r.requests).toHaveLength(1)
    expect((await s.apiOrder(order.id)).items[0].delivery.status).toBe('delivered')
  })
})
