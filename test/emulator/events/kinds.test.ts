import { readdirSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { loadEventSample, EVENT_FIXTURES_DIR } from '../../../src/contract/event-samples.js'
import {
  ALL_EVENT_KINDS,
  WEBHOOK_EVENT_KINDS,
  DynamicDeliveryPayloadSchema,
  OrderEventDataSchema,
  fixtureFileOf,
  validateWebhookPayload,
} from '../../../src/contract/events.js'
import type { Tx } from '../../../src/emulator/store/store.js'
import { startTestReceiver, type TestReceiver } from '../../helpers/receiver.js'
import { eventsEmulator } from './helpers.js'

const receivers: TestReceiver[] = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()))
})

describe('fixtures/events', () => {
  it('holds one sample per kind of the spec, INVOICE.ITEM.DELIVER-DYNAMIC included, and nothing else', () => {
    const files = readdirSync(EVENT_FIXTURES_DIR)
      .filter((f) => f.endsWith('.json'))
      .sort()
    expect(files).toEqual(ALL_EVENT_KINDS.map(fixtureFileOf).sort())
    expect(ALL_EVENT_KINDS).toHaveLength(37)
  })

  it.each(ALL_EVENT_KINDS)('%s: the sample validates against its schema', (kind) => {
    const body = loadEventSample(kind)
    const check = validateWebhookPayload(body)
    expect(check.problems).toEqual([])
    expect(check.kind).toBe(kind)
  })

  it.each([
    [{ event: 'order:paid' }, ['data: Invalid input: expected record, received undefined']],
    [
      { event: 'order:shipped', data: {} },
      ['event: "order:shipped" is not an event kind of the spec (run store webhooks events)'],
    ],
    [{ ...loadEventSample('order:paid'), source: 'other' }, ['source: Invalid input: expected "service"']],
    [
      { ...loadEventSample('order:paid'), timestamp: 1780315200 },
      ['timestamp: Invalid input: expected string, received number'],
    ],
  ])('names what is wrong with %j', (body, problems) => {
    expect(validateWebhookPayload(body).problems).toEqual(problems)
  })

  it('names a wrong field inside data by its path', () => {
    const body = structuredClone(loadEventSample('order:paid')) as { data: Record<string, unknown> }
    body.data.total = '39.60'
    delete body.data.customer_email
    ;(body.data.product as Record<string, unknown>).price = null
    expect(validateWebhookPayload(body).problems).toEqual([
      'data.total: Invalid input: expected number, received string',
      'data.customer_email: Invalid input: expected string, received undefined',
      'data.product.price: Invalid input: expected number, received null',
    ])
  })
})

describe('every event kind from the operation that fires it', () => {
  it('delivers all webhook kinds with real data, each valid against its schema', async () => {
    const rx = await startTestReceiver()
    const dynamic = await startTestReceiver(() => ({
      status: 200,
      body: 'login: grace / secret',
      contentType: 'text/plain',
    }))
    receivers.push(rx, dynamic)
    const emu = await eventsEmulator()
    await emu.addWebhook(`${rx.url}/all`, [...WEBHOOK_EVENT_KINDS])
    await emu.request('/_emulator/products/prod_demo_dynamic/fulfilment', {
      method: 'PUT',
      json: { dynamicWebhookUrl: `${dynamic.url}/deliver` },
    })

    // Products: create, edit (stock down to 3: stock and stock:low), delete.
    const created = await emu.json<{ id: string }>('/api/v1/products', {
      method: 'POST',
      json: { name: 'Poster', price: 4, type: 'Physical', stock: 10 },
    })
    await emu.request(`/api/v1/products/${created.id}`, { method: 'PUT', json: { stock: 3 } })
    await emu.request(`/api/v1/products/${created.id}`, { method: 'DELETE' })

    // One order with every kind of line: checkout, a partial payment, the rest, tracking, dispute, cancel.
    const checkout = await emu.json<{ order: { id: string; orderNumber: string } }>('/storefront/demo/checkout', {
      method: 'POST',
      json: {
        email: 'grace@example.com',
        name: 'Grace Hopper',
        items: [
          { productId: 'prod_demo_serial', quantity: 2 },
          { productId: 'prod_demo_physical', quantity: 1 },
          { productId: 'prod_demo_dynamic', quantity: 1 },
          { productId: 'prod_demo_mystery', quantity: 1 },
          { productId: 'prod_demo_subscription', quantity: 1 },
        ],
      },
    })
    const order = checkout.order
    expect(
      (await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST', json: { amount: 1 } })).status,
    ).toBe(200)
    expect((await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST', json: {} })).status).toBe(200)
    expect(
      (
        await emu.request(`/_emulator/orders/${order.orderNumber}/tracking`, {
          method: 'POST',
          json: { code: '1Z999', carrier: 'UPS' },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await emu.request(`/storefront/demo/invoices/${order.id}/feedback`, {
          method: 'POST',
          json: { rating: 5, comment: 'Great' },
        })
      ).status,
    ).toBe(201)
    expect((await emu.request(`/_emulator/orders/${order.id}/dispute`, { method: 'POST' })).status).toBe(200)
    expect(
      (await emu.request(`/api/v1/orders/${order.id}`, { method: 'PUT', json: { status: 'cancelled' } })).status,
    ).toBe(200)

    // Subscription: the clock runs through the trial, a notice and a renewal; then a cancellation.
    expect(
      (await emu.request('/_emulator/clock/advance', { method: 'POST', json: { seconds: 40 * 86_400 } })).status,
    ).toBe(200)
    const { subscriptions } = await emu.json<{ subscriptions: { id: string }[] }>('/api/v1/subscriptions')
    expect(
      (await emu.request(`/_emulator/subscriptions/${subscriptions[0].id}/cancel`, { method: 'POST' })).status,
    ).toBe(200)

    // A customer query and the merchant's reply.
    const query = await emu.json<{ id: string }>('/storefront/demo/queries', {
      method: 'POST',
      json: { email: 'grace@example.com', subject: 'Key', message: 'Which key?' },
    })
    expect(
      (
        await emu.request(`/_emulator/queries/${query.id}/reply`, {
          method: 'POST',
          json: { message: 'The first one.' },
        })
      ).status,
    ).toBe(200)

    await emu.idle()
    const bodies = rx.requests.map((r) => r.json() as { event: string; data: Record<string, unknown> })
    const kinds = new Set(bodies.map((b) => b.event))
    expect(WEBHOOK_EVENT_KINDS.filter((k) => !kinds.has(k))).toEqual([])
    for (const body of bodies)
      expect({ event: body.event, problems: validateWebhookPayload(body).problems }).toEqual({
        event: body.event,
        problems: [],
      })

    // Real data: the order's own number, e-mail and lines; :product variants one per line with that line's product.
    const paid = bodies.filter((b) => b.event === 'order:paid').map((b) => OrderEventDataSchema.parse(b.data))
    expect(paid).toHaveLength(1)
    expect(paid[0]).toMatchObject({
      id: Number(order.orderNumber.slice(4)),
      uniqid: order.id,
      customer_email: 'grace@example.com',
      status: expect.stringMatching(/^(COMPLETED|PROCESSING)$/),
    })
    expect(paid[0].products).toHaveLength(5)
    const lines = bodies.filter((b) => b.event === 'order:paid:product').map((b) => OrderEventDataSchema.parse(b.data))
    expect(lines.map((l) => l.product_id).sort()).toEqual([
      'prod_demo_dynamic',
      'prod_demo_mystery',
      'prod_demo_physical',
      'prod_demo_serial',
      'prod_demo_subscription',
    ])
    expect(lines.find((l) => l.product_id === 'prod_demo_serial')).toMatchObject({
      quantity: 2,
      product_type: 'SERIAL',
      delivery_info: { license_keys: ['KEY-AAAA-0001', 'KEY-AAAA-0002'] },
    })
    expect(bodies.find((b) => b.event === 'product:stock:low')?.data).toMatchObject({
      id: created.id,
      stock: 3,
      stock_warning: 5,
    })
    expect(bodies.find((b) => b.event === 'product:mystery:revealed')?.data).toEqual({
      orderId: order.id,
      orderNumber: order.orderNumber,
      productId: 'prod_demo_mystery',
      productName: 'Mystery Box',
    })
    expect(bodies.find((b) => b.event === 'query:replied')?.data).toMatchObject({
      id: query.id,
      reply_count: 1,
      customer_email: 'grace@example.com',
    })

    // The dynamic delivery went to the product's own URL, not to the webhook endpoint.
    expect(dynamic.requests).toHaveLength(1)
    expect(DynamicDeliveryPayloadSchema.parse(dynamic.requests[0].json())).toMatchObject({
      event: 'INVOICE.ITEM.DELIVER-DYNAMIC',
      order_number: order.orderNumber,
      amount: 1,
    })
    expect(kinds.has('INVOICE.ITEM.DELIVER-DYNAMIC')).toBe(false)

    // The log holds every event in sequence order, one delivery each.
    const log = emu.services.events.backlog(emu.services.storefront.shop('demo').id, 0)
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => log[0].seq + i))
    const { deliveries } = await emu.json<{ deliveries: { state: string; eventId: string }[] }>(
      '/_emulator/webhooks/logs?limit=500',
    )
    expect(deliveries).toHaveLength(rx.requests.length)
    expect(deliveries.every((d) => d.state === 'delivered')).toBe(true)
    expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(deliveries.length)
  })

  it('takes only a known kind with the subject that kind needs, checked by the compiler', async () => {
    const emu = await eventsEmulator()
    const shop = emu.services.storefront.shop('demo')
    const order = emu.services.orders.get(shop, 'ord_demo_2')
    const product = emu.services.catalogue.get(shop, 'prod_demo_digital')
    const misuses = (tx: Tx) => {
      // @ts-expect-error a :product variant is fired once per line item, with that item
      emu.services.events.emit(tx, shop, 'order:paid:product', { order })
      // @ts-expect-error a plain order kind takes the order only
      emu.services.events.emit(tx, shop, 'order:paid', { order, item: order.items[0] })
      // @ts-expect-error not an event kind of the spec
      emu.services.events.emit(tx, shop, 'order:shipped', { order })
      // @ts-expect-error an order kind needs an order, not a product
      emu.services.events.emit(tx, shop, 'order:paid', { product })
      // @ts-expect-error a subscription kind needs a subscription
      emu.services.events.emit(tx, shop, 'subscription:renewed:product', { order })
      // @ts-expect-error product:mystery:revealed takes the order and product it names, not the records
      emu.services.events.emit(tx, shop, 'product:mystery:revealed', { order, product })
    }
    expect(misuses).toBeTypeOf('function')

    await emu.store.tx((tx) =>
      emu.services.events.emit(tx, shop, 'order:paid:product', { order, item: order.items[0] }),
    )
    const [logged] = emu.services.events.backlog(shop.id, 0).slice(-1)
    expect(logged).toMatchObject({ kind: 'order:paid:product', data: { uniqid: order.id, quantity: 2 } })
  })
})
