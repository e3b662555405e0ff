import { describe, expect, it } from 'vitest'
import { shop } from '../commerce/helpers.js'

describe('POST /_emulator/orders/:id/pay', () => {
  it('takes a partial payment: paymentStatus partial, order:partial, nothing delivered; the rest pays and fulfils', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'rec_demoSerial001', quantity: 2 }] })
    s.events.length = 0
    const partial = await s.pay(order.orderNumber, { amount: 10, gateway: 'wallet' })
    expect(partial.status).toBe(200)
    expect(partial.body).toMatchObject({
      status: 'pending',
      paymentStatus: 'partial',
      amountPaid: 10,
      paidAt: null,
      paymentMethod: 'wallet',
    })
    expect(partial.body.items[0].delivery).toEqual({ status: 'awaiting_payment' })
    expect(s.kinds()).toEqual(['order:partial', 'order:partial:product'])
    expect(s.stock('prod_demo_serial')).toBe(10)
    expect(s.customer(order.customerId).totalSpent).toBe(10)
    expect(await s.invoice(order.id)).toMatchObject({ amountPaid: 10, amountDue: 9 })

    const over = await s.pay(order.id, { amount: 9.01 })
    expect(over.status).toBe(400)
    expect(over.body).toEqual({
      error: 'amount: must be at most the amount due (9.00 USD)',
      errors: [{ field: 'amount', message: 'must be at most the amount due (9.00 USD)' }],
    })
    expect((await s.pay(order.id, { amount: 0 })).body.error).toBe(
      'amount: must be above 0 (the amount due is 9.00 USD)',
    )
    expect((await s.pay(order.id, { amount: 1.005 })).body.error).toBe('amount: must have at most 2 decimals (cents)')

    const rest = await s.pay(order.id)
    expect(rest.body).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      amountPaid: 19,
      paymentMethod: 'processor',
    })
    expect(rest.body.payments).toEqual([
      { amount: 10, gateway: 'wallet', at: '2026-06-01T12:00:00.000Z' },
      { amount: 9, gateway: 'processor', at: '2026-06-01T12:00:00.000Z' },
    ])
    expect(rest.body.items[0].delivery.codes).toHaveLength(2)
    expect(s.customer(order.customerId).totalSpent).toBe(19)
  })

  it('is idempotent: paying a paid order takes no money, delivers nothing twice and fires nothing', async () => {
    const s = await shop()
    const order = await s.order({
      items: [
        { productId: 'rec_demoSerial001', quantity: 2 },
        { productId: 'rec_demoMystery01', quantity: 2 },
      ],
    })
    const first = await s.pay(order.id)
    const eventCount = s.events.length
    const stock = s.stock('prod_demo_serial')
    const setup = s.emu.services.catalogue.setup(s.demo(), 'prod_demo_mystery')
    const again = await s.pay(order.id, { amount: 5 })
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(s.events.length).toBe(eventCount)
    expect(s.stock('prod_demo_serial')).toBe(stock)
    expect(s.emu.services.catalogue.setup(s.demo(), 'prod_demo_mystery')).toEqual(setup)
    expect(s.customer(order.customerId).totalSpent).toBe(25)
    const retry = await s.post(`/_emulator/orders/${order.id}/deliver`)
    expect(await retry.json()).toEqual(first.body)
  })

  it('pays with an empty body, and refuses a body that is not the pay body', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'rec_demoService01' }] })
    const bad = await s.post(`/_emulator/orders/${order.id}/pay`, { amount: '5' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as any).error).toBe('amount: must be a number (got string)')
    const unknown = await s.post(`/_emulator/orders/${order.id}/pay`, { tip: 1 })
    expect(((await unknown.json()) as any).error).toBe('tip: is not a known field')
    const res = await s.emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
    expect(res.status).toBe(200)
  })

  it('refuses unknown orders (404), cancelled orders and disputed ones (409), and requires the key (401)', async () => {
    const s = await shop()
    expect((await s.pay('ORD-999')).status).toBe(404)
    const order = await s.order({ items: [{ productId: 'rec_demoService01' }] })
    await s.put(`/api/v1/orders/${order.id}`, { status: 'cancelled' })
    const cancelled = await s.pay(order.id)
    expect(cancelled.status).toBe(409)
    expect(cancelled.body.error).toBe(`order ${order.orderNumber} is cancelled; a cancelled order cannot be paid`)
    const anonymous = await s.emu.app.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
    expect(anonymous.status).toBe(401)
  })

  it('scopes orders to the selected shop', async () => {
    const s = await shop()
    await s.post('/_emulator/shops', { name: 'Other', slug: 'other' })
    const order = await s.order({ items: [{ productId: 'rec_demoService01' }] })
    const res = await s.emu.request(`/_emulator/orders/${order.id}/pay`, {
      method: 'POST',
      headers: { 'x-service-shop': 'other' },
    })
    expect(res.status).toBe(404)
  })
})

describe('POST /_emulator/orders/:id/dispute', () => {
  it('marks a paid order disputed and fires order:disputed once; an unpaid order cannot be disputed', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'rec_demoSerial001' }] })
    const unpaid = await s.post(`/_emulator/orders/${order.id}/dispute`)
    expect(unpaid.status).toBe(409)
    expect(((await unpaid.json()) as any).error).toBe(
      `order ${order.orderNumber} has paymentStatus unpaid; only a payment can be disputed`,
    )
    await s.pay(order.id)
    s.events.length = 0
    const res = await s.post(`/_emulator/orders/${order.orderNumber}/dispute`)
    expect(res.status).toBe(200)
    const disputed = (await res.json()) as any
    expect(disputed).toMatchObject({
      paymentStatus: 'disputed',
      status: 'completed',
      disputedAt: '2026-06-01T12:00:00.000Z',
    })
    expect(disputed.items[0].delivery.codes).toEqual(['KEY-AAAA-0001'])
    expect(s.kinds()).toEqual(['order:disputed', 'order:disputed:product'])
    await s.post(`/_emulator/orders/${order.id}/dispute`)
    expect(s.kinds()).toHaveLength(2)
    expect((await s.pay(order.id)).status).toBe(409)
    expect((await s.post(`/_emulator/orders/${order.id}/deliver`)).status).toBe(409)
  })
})
