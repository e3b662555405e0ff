import { describe, expect, it } from 'vitest'
import { OrderListSchema, OrderSchema } from '../../../src/contract/orders.js'
import { ErrorBodySchema } from '../../../src/contract/errors.js'
import { testEmulator } from '../../helpers/emulator.js'
import { captureEvents, putOrder } from './capture-events.js'
import { dashboardPage } from '../../helpers/dashboard.js'

const NOW = '2026-06-01T12:00:00.000Z'
const ORD_1 = {
  id: 'ord_demo_1',
  orderNumber: 'ORD-1',
  status: 'completed',
  paymentStatus: 'paid',
  total: 49,
  currency: 'USD',
  customerEmail: 'ada@example.com',
  customerName: 'Ada Lovelace',
  paymentMethod: 'card (processor)',
  createdAt: '2026-02-01T09:00:00.000Z',
  paidAt: '2026-02-01T09:01:00.000Z',
  customerId: 'cus_demo_ada',
  items: [
    {
      id: 'item_demo_1',
      productId: 'prod_demo_service',
      productName: '1:1 Setup Call',
      productType: 'Service',
      quantity: 1,
      price: 49,
      total: 49,
    },
  ],
}
const ORD_2 = {
  id: 'ord_demo_2',
  orderNumber: 'ORD-2',
  status: 'pending',
  paymentStatus: 'unpaid',
  total: 50,
  currency: 'USD',
  customerEmail: 'alan@example.com',
  customerName: 'Alan Turing',
  paymentMethod: '',
  createdAt: '2026-02-02T09:00:00.000Z',
  paidAt: null,
  customerId: 'cus_demo_alan',
  items: [
    {
      id: 'item_demo_2',
      productId: 'prod_demo_physical',
      productName: 'Store T-Shirt',
      productType: 'Physical',
      quantity: 2,
      price: 25,
      total: 50,
    },
  ],
}

async function errorOf(res: Response) {
  return ErrorBodySchema.parse(await res.json())
}

describe('/api/v1/orders', () => {
  it("lists the shop's orders most recent first, with their items", async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/orders')
    expect(res.status).toBe(200)
    const body = OrderListSchema.parse(await res.json())
    expect(body).toEqual({ orders: [ORD_2, ORD_1] })
  })

  it('returns 50 orders by default, up to 200 with limit, and limit=1 the most recent one', async () => {
    const emu = await testEmulator()
    for (let n = 3; n <= 210; n++) {
      await putOrder(emu, {
        id: `ord_t_${n}`,
        orderNumber: `ORD-${n}`,
        createdAt: new Date(Date.parse('2026-03-01T00:00:00.000Z') + n * 1000).toISOString(),
      })
    }
    const byDefault = OrderListSchema.parse(await (await emu.request('/api/v1/orders')).json())
    expect(byDefault.orders).toHaveLength(50)
    expect(byDefault.orders[0].orderNumber).toBe('ORD-210')
    const max = OrderListSchema.parse(await (await emu.request('/api/v1/orders?limit=200')).json())
    expect(max.orders).toHaveLength(200)
    expect(max.orders.at(-1)!.orderNumber).toBe('ORD-11')
    const one = OrderListSchema.parse(await (await emu.request('/api/v1/orders?limit=1')).json())
    expect(one.orders.map((o) => o.id)).toEqual(['ord_t_210'])
  })

  it.each([
    ['limit=201', 'limit: must be at most 200', 'limit'],
    ['limit=0', 'limit: must be at least 1', 'limit'],
    ['limit=2.5', 'limit: must be an integer', 'limit'],
    ['limit=abc', 'limit: must be a number', 'limit'],
    ['limit=1&limit=2', 'limit: give it once', 'limit'],
    ['page=2', 'page: is not a known field', 'page'],
  ])('refuses the query %s with 400', async (query, error, field) => {
    const emu = await testEmulator()
    const res = await emu.request(`/api/v1/orders?${query}`)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({ error, errors: [{ field, message: error.slice(field.length + 2) }] })
  })

  it('reads an order by internal id or by orderNumber (any case)', async () => {
    const emu = await testEmulator()
    for (const id of ['ord_demo_1', 'ORD-1', 'ord-1']) {
      const res = await emu.request(`/api/v1/orders/${id}`)
      expect(res.status).toBe(200)
      expect(OrderSchema.parse(await res.json())).toEqual(ORD_1)
    }
  })

  it('answers 404 for an unknown order', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/orders/ORD-99')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'order not found: ORD-99' })
  })

  it('updates the status, fires order:updated once and order:updated:product per item', async () => {
    const emu = await testEmulator()
    const order = await putOrder(emu, {
      id: 'ord_two_items',
      orderNumber: 'ORD-3',
      total: 35,
      items: [
        {
          id: 'item_a',
          productId: 'prod_demo_digital',
          productName: 'Starter Template Pack',
          quantity: 1,
          price: 10,
          total: 10,
        },
        {
          id: 'item_b',
          productId: 'prod_demo_physical',
          productName: 'Store T-Shirt',
          quantity: 1,
          price: 25,
          total: 25,
        },
      ],
    })
    const events = captureEvents(emu)
    const res = await emu.request('/api/v1/orders/ORD-3', { method: 'PUT', json: { status: 'processing' } })
    expect(res.status).toBe(200)
    const { shopId: _shopId, ...shown } = order
    const updated = { ...shown, status: 'processing', updatedAt: NOW }
    expect(OrderSchema.parse(await res.json())).toEqual(updated)
    expect(await (await emu.request('/api/v1/orders/ord_two_items')).json()).toEqual(updated)
    expect(events.map((e) => [e.kind, (e.data as { item?: { id: string } }).item?.id])).toEqual([
      ['order:updated', undefined],
      ['order:updated:product', 'item_a'],
      ['order:updated:product', 'item_b'],
    ])
    expect(events[0].data).toEqual({ order: { ...order, status: 'processing', updatedAt: NOW } })
    expect(events[0].shopId).toBe(order.shopId)
  })

  it('cancelling also fires order:cancelled and order:cancelled:product per item', async () => {
    const emu = await testEmulator()
    const events = captureEvents(emu)
    const res = await emu.request('/api/v1/orders/ORD-2', { method: 'PUT', json: { status: 'cancelled' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ...ORD_2, status: 'cancelled', updatedAt: NOW })
    expect(events.map((e) => e.kind)).toEqual([
      'order:updated',
      'order:updated:product',
      'order:cancelled',
      'order:cancelled:product',
    ])
    expect(events[3].data).toMatchObject({ order: { id: 'ord_demo_2', status: 'cancelled' }, item: ORD_2.items[0] })
  })

  it('accepts any status after any other, and the status an order already has changes nothing', async () => {
    const emu = await testEmulator()
    const events = captureEvents(emu)
    // The refund turns the payment to refunded; later status changes leave it so.
    for (const status of ['refunded', 'pending', 'completed']) {
      const res = await emu.request('/api/v1/orders/ord_demo_1', { method: 'PUT', json: { status } })
      expect(await res.json()).toEqual({ ...ORD_1, status, paymentStatus: 'refunded', updatedAt: NOW })
    }
    expect(events.filter((e) => e.kind === 'order:updated')).toHaveLength(3)
    const before = JSON.stringify(emu.store.snapshot())
    const same = await emu.request('/api/v1/orders/ord_demo_1', { method: 'PUT', json: { status: 'completed' } })
    expect(same.status).toBe(200)
    expect(await same.json()).toEqual({ ...ORD_1, paymentStatus: 'refunded', updatedAt: NOW })
    expect(events.filter((e) => e.kind === 'order:updated')).toHaveLength(3)
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it('refunds a paid order: payment refunded, money back off totalSpent, goods, stock and coupon use kept', async () => {
    const emu = await testEmulator()
    const checkout = await emu.request('/storefront/demo/checkout', {
      method: 'POST',
      json: {
        email: 'ada@example.com',
        items: [{ productId: 'rec_demoSerial001', quantity: 2 }],
        couponCode: 'WELCOME10',
      },
    })
    const { order } = await checkout.json()
    const paid = await (await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })).json()
    const codes = paid.items[0].delivery.codes
    const stock = async () => (await (await emu.request('/api/v1/products/rec_demoSerial001')).json()).stock
    const used = async () => (await (await emu.request('/api/v1/coupons/WELCOME10')).json()).usedCount
    const spent = async () => (await (await emu.request('/api/v1/customers/ada@example.com')).json()).totalSpent
    const [stockBefore, usedBefore, spentBefore] = [await stock(), await used(), await spent()]
    const events = captureEvents(emu)

    const res = await emu.request(`/api/v1/orders/${order.orderNumber}`, {
      method: 'PUT',
      json: { status: 'refunded' },
    })
    expect(await res.json()).toMatchObject({ status: 'refunded', paymentStatus: 'refunded', amountPaid: paid.total })
    expect(events.map((e) => e.kind)).toEqual(['order:updated', 'order:updated:product'])
    const spentAfter = Math.round((spentBefore - paid.total) * 100) / 100
    expect([await stock(), await used(), await spent()]).toEqual([stockBefore, usedBefore, spentAfter])
    const invoice = await (await emu.request(`/storefront/demo/invoices/${order.id}?format=json`)).json()
    expect(invoice).toMatchObject({ paymentStatus: 'refunded', amountPaid: paid.total, amountDue: 0 })
    expect(invoice.items[0].delivery.codes).toEqual(codes)
    const page = await (await emu.request(`/storefront/demo/invoices/${order.id}`)).text()
    expect(page).toContain(`<dt>Refunded</dt><dd>USD ${paid.total.toFixed(2)}</dd>`)
    const dashboard = await dashboardPage(emu.app, `/orders/${order.id}`)
    expect(dashboard).toContain(`Refunded (USD ${paid.total.toFixed(2)} back to the buyer)`)
    const again = await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
    expect(again.status).toBe(409)
  })

  it('refunding an order that took no payment sets its status only: paymentStatus and totalSpent stay', async () => {
    const emu = await testEmulator()
    const events = captureEvents(emu)
    const spent = async () => (await (await emu.request('/api/v1/customers/alan@example.com')).json()).totalSpent
    const spentBefore = await spent()
    const res = await emu.request('/api/v1/orders/ORD-2', { method: 'PUT', json: { status: 'refunded' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ...ORD_2, status: 'refunded', updatedAt: NOW })
    expect(await (await emu.request('/api/v1/orders/ORD-2')).json()).toEqual({
      ...ORD_2,
      status: 'refunded',
      updatedAt: NOW,
    })
    expect(await spent()).toBe(spentBefore)
    expect(events.map((e) => e.kind)).toEqual(['order:updated', 'order:updated:product'])
  })

  it.each([
    [{ status: 'shipped' }, 'status', 'must be one of "pending", "processing", "completed", "cancelled", "refunded"'],
    [{}, 'status', 'is required'],
    [{ status: 'completed', paymentStatus: 'paid' }, 'paymentStatus', 'is not a known field'],
    [{ status: 1 }, 'status', 'must be one of "pending", "processing", "completed", "cancelled", "refunded"'],
  ])('refuses the body %j with 400', async (json, field, message) => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/orders/ORD-1', { method: 'PUT', json })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({ error: `${field}: ${message}`, errors: [{ field, message }] })
  })

  it('answers 404 when updating an unknown order, and changes nothing', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/orders/ORD-77', { method: 'PUT', json: { status: 'completed' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'order not found: ORD-77' })
  })

  it('answers 405 for POST and DELETE, which the spec does not offer', async () => {
    const emu = await testEmulator()
    expect((await emu.request('/api/v1/orders', { method: 'POST', json: {} })).status).toBe(405)
    const res = await emu.request('/api/v1/orders/ORD-1', { method: 'DELETE' })
    expect(res.status).toBe(405)
    expect(await res.json()).toEqual({
      error: 'method DELETE is not allowed on /api/v1/orders/ORD-1; use GET, HEAD, PUT',
    })
  })
})
