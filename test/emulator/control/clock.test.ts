import { describe, expect, it } from 'vitest'
import { addIntervals } from '../../../src/emulator/services/subscriptions/billing.js'
import { shop, type Shop } from '../commerce/helpers.js'

const DAY = 24 * 3600

async function advance(s: Shop, seconds: number) {
  const res = await s.post('/_emulator/clock/advance', { seconds })
  return { status: res.status, body: (await res.json()) as any }
}

async function subscribe(s: Shop, quantity = 1) {
  const order = await s.order({ items: [{ productId: 'prod_demo_subscription', quantity }] })
  const paid = (await s.pay(order.id)).body
  return { order: paid, id: paid.items[0].delivery.subscriptionId as string }
}

const sub = async (s: Shop, id: string) => (await (await s.emu.request(`/api/v1/subscriptions/${id}`)).json()) as any

describe('POST /_emulator/clock/advance', () => {
  it('sends the upcoming notice, ends the trial with the first charge, then renews every period', async () => {
    const s = await shop()
    const { order, id } = await subscribe(s)
    expect(await sub(s, id)).toMatchObject({
      status: 'TRIALING',
      currentPeriodEnd: '2026-06-08T12:00:00.000Z',
      trialEnd: '2026-06-08T12:00:00.000Z',
    })

    s.events.length = 0
    expect(await advance(s, 3 * DAY)).toEqual({
      status: 200,
      body: {
        now: '2026-06-04T12:00:00.000Z',
        offsetSeconds: 3 * DAY,
        due: { upcoming: 0, trialsEnded: 0, renewed: 0 },
      },
    })
    expect((await advance(s, DAY)).body.due).toEqual({ upcoming: 1, trialsEnded: 0, renewed: 0 })
    expect(s.kinds()).toEqual(['subscription:upcoming', 'subscription:upcoming:product'])

    s.events.length = 0
    expect((await advance(s, 3 * DAY)).body.due).toEqual({ upcoming: 0, trialsEnded: 1, renewed: 1 })
    expect(s.kinds()).toEqual([
      'subscription:trial:ended',
      'subscription:trial:ended:product',
      'subscription:renewed',
      'subscription:renewed:product',
      'subscription:updated',
      'subscription:updated:product',
    ])
    const renewal = (s.events[2].data as any).order
    expect(renewal).toMatchObject({
      orderNumber: 'ORD-4',
      status: 'completed',
      paymentStatus: 'paid',
      total: 12,
      createdAt: '2026-06-08T12:00:00.000Z',
      paidAt: '2026-06-08T12:00:00.000Z',
      customerEmail: 'buyer@example.com',
      origin: 'renewal',
      subscriptionId: id,
    })
    expect(renewal.items[0]).toMatchObject({
      productId: 'prod_demo_subscription',
      quantity: 1,
      price: 12,
      total: 12,
      delivery: { status: 'delivered', subscriptionId: id },
    })
    expect((await s.apiOrder('ORD-4')).id).toBe(renewal.id)
    expect(await sub(s, id)).toMatchObject({
      status: 'ACTIVE',
      currentPeriodStart: '2026-06-08T12:00:00.000Z',
      currentPeriodEnd: '2026-07-08T12:00:00.000Z',
      canceledAt: null,
    })
    expect(s.customer(order.customerId)).toMatchObject({
      totalOrders: 2,
      totalSpent: 12,
      lastOrderAt: '2026-06-08T12:00:00.000Z',
    })

    s.events.length = 0
    expect((await advance(s, 60 * DAY)).body).toMatchObject({
      now: '2026-08-07T12:00:00.000Z',
      due: { upcoming: 2, trialsEnded: 0, renewed: 1 },
    })
    expect(s.kinds().filter((k) => !k.endsWith(':product'))).toEqual([
      'subscription:upcoming',
      'subscription:renewed',
      'subscription:updated',
      'subscription:upcoming',
    ])
    expect(await sub(s, id)).toMatchObject({ status: 'ACTIVE', currentPeriodEnd: '2026-08-08T12:00:00.000Z' })
  })

  it('gives the events of a renewal that describe the same subscription the same payload', async () => {
    const s = await shop()
    await subscribe(s)
    s.events.length = 0
    await advance(s, 7 * DAY)
    const data = new Map(s.events.map((e) => [e.kind, e.record.data]))
    const renewed = data.get('subscription:renewed')
    for (const kind of ['subscription:trial:ended', 'subscription:updated', 'subscription:updated:product'] as const) {
      expect(data.get(kind)).toEqual(renewed)
    }
    // The upcoming notice, the day before, saw the subscription still TRIALING: a payload of its own.
    expect(data.get('subscription:upcoming')).not.toEqual(renewed)
  })

  it('renews an ACTIVE subscription with the plan price times the quantity, undiscounted', async () => {
    const s = await shop()
    await s.put('/_emulator/products/prod_demo_subscription/fulfilment', {
      subscription: { interval: 'WEEK', intervalCount: 2 },
    })
    const order = await s.order({
      items: [{ productId: 'prod_demo_subscription', quantity: 3 }],
      couponCode: 'WELCOME10',
    })
    expect(order.total).toBe(32.4)
    const id = (await s.pay(order.id)).body.items[0].delivery.subscriptionId
    expect(await sub(s, id)).toMatchObject({ status: 'ACTIVE', currentPeriodEnd: '2026-06-15T12:00:00.000Z' })
    expect((await advance(s, 29 * DAY)).body.due).toEqual({ upcoming: 2, trialsEnded: 0, renewed: 2 })
    const renewals = s.emu.services.orders
      .list(s.demo(), 100)
      .filter((o) => (o as any).origin === 'renewal')
      .reverse()
    expect(renewals.map((o) => [o.createdAt, o.total])).toEqual([
      ['2026-06-15T12:00:00.000Z', 36],
      ['2026-06-29T12:00:00.000Z', 36],
    ])
    expect(await sub(s, id)).toMatchObject({ currentPeriodEnd: '2026-07-13T12:00:00.000Z' })
  })

  it('serves and changes renewal orders, which share their empty custom fields and tracking, like any order', async () => {
    const s = await shop()
    await subscribe(s)
    expect((await advance(s, 40 * DAY)).body.due.renewed).toBe(2)
    const [later, first] = s.emu.services.orders.list(s.demo(), 100).filter((o) => (o as any).origin === 'renewal')
    expect([first.tracking, later.tracking, first.customFields, later.customFields]).toEqual([[], [], {}, {}])
    expect((await s.post(`/_emulator/orders/${first.id}/dispute`, {})).status).toBe(200)
    expect(s.emu.store.collections.orders.get(first.id)).toMatchObject({
      paymentStatus: 'disputed',
      tracking: [],
      customFields: {},
    })
    expect(await s.apiOrder(later.id)).toMatchObject({ id: later.id, status: 'completed' })
    expect(await s.invoice(later.id)).toMatchObject({ orderNumber: later.orderNumber, tracking: [] })
    expect((await advance(s, 31 * DAY)).body.due.renewed).toBe(1)
    const newest = s.emu.services.orders.list(s.demo(), 1)[0]
    expect([(newest as any).origin, newest.status, newest.tracking, newest.customFields]).toEqual([
      'renewal',
      'completed',
      [],
      {},
    ])
  })

  it('runs what fell due earliest first across subscriptions', async () => {
    const s = await shop()
    const a = await subscribe(s)
    await advance(s, 2 * DAY)
    const b = await subscribe(s)
    s.events.length = 0
    await advance(s, 10 * DAY)
    const order = s.events
      .filter((e) => !e.kind.endsWith(':product'))
      .map((e) => [e.kind, (e.data as any).subscription.id])
    expect(order).toEqual([
      ['subscription:upcoming', a.id],
      ['subscription:upcoming', b.id],
      ['subscription:trial:ended', a.id],
      ['subscription:renewed', a.id],
      ['subscription:updated', a.id],
      ['subscription:trial:ended', b.id],
      ['subscription:renewed', b.id],
      ['subscription:updated', b.id],
    ])
  })

  it("moves the account's clock, not the world's, and answers GET /_emulator/clock", async () => {
    const s = await shop()
    await advance(s, 90)
    expect(s.emu.deps.clock.now().toISOString()).toBe('2026-06-01T12:00:00.000Z')
    expect(await (await s.emu.request('/_emulator/clock')).json()).toEqual({
      now: '2026-06-01T12:01:30.000Z',
      offsetSeconds: 90,
    })
  })

  it.each([
    [{ seconds: 0 }, 'seconds: must be at least 1'],
    [{ seconds: 1.5 }, 'seconds: must be an integer'],
    [{ seconds: 6 * 366 * DAY }, 'seconds: must be at most 158112000 (5 years)'],
    [{}, 'seconds: is required'],
  ])('refuses %j with 400', async (body, error) => {
    const s = await shop()
    const bad = await s.post('/_emulator/clock/advance', body)
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as any).error).toBe(error)
  })
})

describe('POST /_emulator/subscriptions/:id/cancel', () => {
  it('cancels at once with canceledAt; a cancelled subscription never renews', async () => {
    const s = await shop()
    const { id } = await subscribe(s)
    await advance(s, DAY)
    s.events.length = 0
    const res = await s.post(`/_emulator/subscriptions/${id}/cancel`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      id,
      status: 'CANCELLED',
      canceledAt: '2026-06-02T12:00:00.000Z',
      currentPeriodEnd: '2026-06-08T12:00:00.000Z',
    })
    expect(s.kinds()).toEqual([
      'subscription:cancelled',
      'subscription:cancelled:product',
      'subscription:updated',
      'subscription:updated:product',
    ])
    const again = await s.post(`/_emulator/subscriptions/${id}/cancel`)
    expect(again.status).toBe(409)
    expect(((await again.json()) as any).error).toBe(
      `subscription ${id} was already cancelled at 2026-06-02T12:00:00.000Z`,
    )
    expect((await advance(s, 90 * DAY)).body.due).toEqual({ upcoming: 0, trialsEnded: 0, renewed: 0 })
    expect((await s.post('/_emulator/subscriptions/sub_nope/cancel')).status).toBe(404)
  })
})

describe('addIntervals', () => {
  it.each([
    ['2026-01-31T10:00:00.000Z', 'MONTH', 1, 1, '2026-02-28T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 'MONTH', 1, 2, '2026-03-31T10:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 'YEAR', 1, 1, '2025-02-28T00:00:00.000Z'],
    ['2026-06-01T12:00:00.000Z', 'WEEK', 2, 3, '2026-07-13T12:00:00.000Z'],
    ['2026-12-15T00:00:00.000Z', 'MONTH', 3, 1, '2027-03-15T00:00:00.000Z'],
  ] as const)('%s + %s × %i × %i = %s', (at, interval, count, times, expected) => {
    expect(addIntervals(at, interval, count, times)).toBe(expected)
  })
})
