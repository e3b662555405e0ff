import { describe, expect, it } from 'vitest'
import { CustomerDetailSchema, CustomerListSchema } from '../../../src/contract/customers.js'
import type { CustomerRecord } from '../../../src/contract/rows.js'
import { testEmulator } from '../../helpers/emulator.js'
import { putOrder } from './capture-events.js'

const ADA = {
  id: 'cus_demo_ada',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  phone: null,
  country: 'GB',
  city: 'London',
  totalOrders: 1,
  totalSpent: 49,
  lastOrderAt: '2026-02-01T09:00:00.000Z',
  createdAt: '2026-02-01T09:00:00.000Z',
  updatedAt: '2026-02-01T09:00:00.000Z',
}
const ALAN = {
  id: 'cus_demo_alan',
  email: 'alan@example.com',
  name: 'Alan Turing',
  phone: null,
  country: 'GB',
  city: 'Manchester',
  totalOrders: 1,
  totalSpent: 0,
  lastOrderAt: '2026-02-02T09:00:00.000Z',
  createdAt: '2026-02-02T09:00:00.000Z',
  updatedAt: '2026-02-02T09:00:00.000Z',
}

type TestEmulator = Awaited<ReturnType<typeof testEmulator>>
async function putCustomer(emu: TestEmulator, n: number): Promise<void> {
  const at = new Date(Date.parse('2026-03-01T00:00:00.000Z') + n * 60_000).toISOString()
  const customer: CustomerRecord = {
    id: `cus_t_${n}`,
    email: `c${n}@example.com`,
    name: `Customer ${n}`,
    phone: null,
    country: null,
    city: null,
    totalOrders: 0,
    totalSpent: 0,
    lastOrderAt: null,
    createdAt: at,
    updatedAt: at,
    notes: [],
    shopId: emu.services.storefront.shop('demo').id,
  }
  await emu.store.tx((tx) => tx.put('customers', customer))
}

describe('/api/v1/customers', () => {
  it('lists customers newest created first, without notes', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/customers')
    expect(res.status).toBe(200)
    expect(CustomerListSchema.parse(await res.json())).toEqual({ customers: [ALAN, ADA] })
  })

  it('returns 50 customers by default and up to 200 with limit', async () => {
    const emu = await testEmulator()
    for (let n = 1; n <= 205; n++) await putCustomer(emu, n)
    const byDefault = CustomerListSchema.parse(await (await emu.request('/api/v1/customers')).json())
    expect(byDefault.customers).toHaveLength(50)
    expect(byDefault.customers[0].id).toBe('cus_t_205')
    expect(
      CustomerListSchema.parse(await (await emu.request('/api/v1/customers?limit=200')).json()).customers,
    ).toHaveLength(200)
    expect(
      CustomerListSchema.parse(await (await emu.request('/api/v1/customers?limit=2')).json()).customers.map(
        (c) => c.id,
      ),
    ).toEqual(['cus_t_205', 'cus_t_204'])
  })

  it.each([
    ['limit=201', 'limit', 'must be at most 200'],
    ['limit=0', 'limit', 'must be at least 1'],
    ['email=a', 'email', 'is not a known field'],
  ])('refuses the query %s with 400', async (query, field, message) => {
    const emu = await testEmulator()
    const res = await emu.request(`/api/v1/customers?${query}`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: `${field}: ${message}`, errors: [{ field, message }] })
  })

  it('reads one customer with order stats and notes, by id or by e-mail address', async () => {
    const emu = await testEmulator()
    const expected = {
      ...ADA,
      stats: { paidOrders: 1, unpaidOrders: 0, averageOrderValue: 49, firstOrderAt: '2026-02-01T09:00:00.000Z' },
      notes: [],
    }
    for (const id of ['cus_demo_ada', 'Ada@Example.com']) {
      const res = await emu.request(`/api/v1/customers/${id}`)
      expect(res.status).toBe(200)
      expect(CustomerDetailSchema.parse(await res.json())).toEqual(expected)
    }
    expect(await (await emu.request('/api/v1/customers/cus_demo_alan')).json()).toEqual({
      ...ALAN,
      stats: { paidOrders: 0, unpaidOrders: 1, averageOrderValue: 0, firstOrderAt: '2026-02-02T09:00:00.000Z' },
      notes: [],
    })
  })

  it("computes stats from the customer's orders only: paid, unpaid or partial, others in neither", async () => {
    const emu = await testEmulator()
    const ada = { customerId: 'cus_demo_ada', customerEmail: 'ada@example.com' }
    await putOrder(emu, {
      id: 'ord_a',
      orderNumber: 'ORD-3',
      ...ada,
      paymentStatus: 'paid',
      total: 10.01,
      createdAt: '2026-01-15T00:00:00.000Z',
    })
    await putOrder(emu, { id: 'ord_b', orderNumber: 'ORD-4', ...ada, paymentStatus: 'partial', total: 5 })
    await putOrder(emu, { id: 'ord_c', orderNumber: 'ORD-5', ...ada, paymentStatus: 'disputed', total: 500 })
    await putOrder(emu, {
      id: 'ord_d',
      orderNumber: 'ORD-6',
      customerId: 'cus_demo_alan',
      paymentStatus: 'paid',
      total: 1000,
    })
    await emu.store.tx((tx) =>
      tx.put('customers', {
        ...emu.store.collections.customers.get('cus_demo_ada')!,
        notes: [{ text: 'VIP', createdAt: '2026-02-03T00:00:00.000Z' }],
      }),
    )
    const detail = CustomerDetailSchema.parse(await (await emu.request('/api/v1/customers/cus_demo_ada')).json())
    expect(detail.stats).toEqual({
      paidOrders: 2,
      unpaidOrders: 1,
      averageOrderValue: 29.51,
      firstOrderAt: '2026-01-15T00:00:00.000Z',
    })
    expect(detail.notes).toEqual([{ text: 'VIP', createdAt: '2026-02-03T00:00:00.000Z' }])
  })

  it('answers 404 for an unknown customer', async () => {
    const emu = await testEmulator()
    for (const id of ['cus_nope', 'nobody@example.com']) {
      const res = await emu.request(`/api/v1/customers/${id}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: `customer not found: ${id}` })
    }
  })

  it('is read only: writes answer 405', async () => {
    const emu = await testEmulator()
    expect((await emu.request('/api/v1/customers', { method: 'POST', json: { email: 'x@example.com' } })).status).toBe(
      405,
    )
    expect((await emu.request('/api/v1/customers/cus_demo_ada', { method: 'PUT', json: {} })).status).toBe(405)
    expect((await emu.request('/api/v1/customers/cus_demo_ada', { method: 'DELETE' })).status).toBe(405)
  })
})
