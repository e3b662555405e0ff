import { describe, expect, it } from 'vitest'
import { SubscriptionListSchema, SubscriptionSchema } from '../../../src/contract/subscriptions.js'
import type { SubscriptionRecord } from '../../../src/contract/rows.js'
import { testEmulator } from '../../helpers/emulator.js'
import { TEST_BILLING } from './capture-events.js'

function subscription(shopId: string, n: number): SubscriptionRecord {
  return {
    id: `sub_t_${n}`,
    productId: 'prod_demo_subscription',
    productName: 'Pro Membership',
    productProductId: 'rec_demoSubscr001',
    customerId: 'cus_demo_ada',
    customerEmail: 'ada@example.com',
    status: n === 1 ? 'CANCELLED' : 'ACTIVE',
    processorSubscriptionId: `sub_proc_${n}`,
    processorCustomerId: 'cus_proc_ada',
    currentPeriodEnd: '2026-07-01T00:00:00.000Z',
    createdAt: `2026-05-0${n}T00:00:00.000Z`,
    canceledAt: n === 1 ? '2026-05-20T00:00:00.000Z' : null,
    ...TEST_BILLING,
    orderId: `ord_t_${n}`,
    anchorAt: `2026-05-0${n}T00:00:00.000Z`,
    updatedAt: `2026-05-0${n}T00:00:00.000Z`,
    shopId,
  }
}

describe('/api/v1/subscriptions', () => {
  it('lists nothing for a shop without subscriptions', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/subscriptions')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ subscriptions: [] })
  })

  it('lists subscriptions newest first with product and customer details, and reads one', async () => {
    const emu = await testEmulator()
    const shopId = emu.services.storefront.shop('demo').id
    await emu.store.tx((tx) => {
      tx.put('subscriptions', subscription(shopId, 1))
      tx.put('subscriptions', subscription(shopId, 2))
    })
    const { shopId: _a, ...first } = subscription(shopId, 1)
    const { shopId: _b, ...second } = subscription(shopId, 2)
    const res = await emu.request('/api/v1/subscriptions')
    expect(SubscriptionListSchema.parse(await res.json())).toEqual({ subscriptions: [second, first] })
    const one = await emu.request('/api/v1/subscriptions/sub_t_1')
    expect(one.status).toBe(200)
    expect(SubscriptionSchema.parse(await one.json())).toEqual(first)
  })

  it('answers 404 for an unknown subscription and 400 for a query parameter', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/subscriptions/sub_nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'subscription not found: sub_nope' })
    const query = await emu.request('/api/v1/subscriptions?status=ACTIVE')
    expect(query.status).toBe(400)
    expect(await query.json()).toEqual({
      error: 'status: is not a known field',
      errors: [{ field: 'status', message: 'is not a known field' }],
    })
  })

  it('is read only: writes answer 405', async () => {
    const emu = await testEmulator()
    expect((await emu.request('/api/v1/subscriptions', { method: 'POST', json: {} })).status).toBe(405)
    expect((await emu.request('/api/v1/subscriptions/sub_x', { method: 'DELETE' })).status).toBe(405)
  })
})
