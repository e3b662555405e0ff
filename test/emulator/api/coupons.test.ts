import { describe, expect, it } from 'vitest'
import { CouponListSchema, CouponSchema } from '../../../src/contract/coupons.js'
import { ErrorBodySchema } from '../../../src/contract/errors.js'
import { testEmulator } from '../../helpers/emulator.js'

const NOW = '2026-06-01T12:00:00.000Z'
const WELCOME = {
  id: 'cpn_demo_welcome',
  code: 'WELCOME10',
  type: 'percentage',
  value: 10,
  usageLimit: null,
  usedCount: 0,
  minAmount: null,
  expiresAt: null,
  active: true,
  createdAt: '2026-01-01T11:00:00.000Z',
  updatedAt: '2026-01-01T11:00:00.000Z',
}
const FIVE = {
  id: 'cpn_demo_five',
  code: 'FIVEOFF',
  type: 'fixed',
  value: 5,
  usageLimit: 100,
  usedCount: 0,
  minAmount: 20,
  expiresAt: null,
  active: true,
  createdAt: '2026-01-01T11:01:00.000Z',
  updatedAt: '2026-01-01T11:01:00.000Z',
}
const SUMMER = {
  id: 'cpn_demo_expired',
  code: 'SUMMER25',
  type: 'percentage',
  value: 25,
  usageLimit: null,
  usedCount: 0,
  minAmount: null,
  expiresAt: '2025-09-01T00:00:00.000Z',
  active: true,
  createdAt: '2026-01-01T11:02:00.000Z',
  updatedAt: '2026-01-01T11:02:00.000Z',
}

async function fieldError(res: Response, status: number, field: string, message: string) {
  expect(res.status).toBe(status)
  expect(ErrorBodySchema.parse(await res.json())).toEqual({
    error: `${field}: ${message}`,
    errors: [{ field, message }],
  })
}

describe('/api/v1/coupons', () => {
  it("lists the shop's coupons newest first", async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/coupons')
    expect(res.status).toBe(200)
    expect(CouponListSchema.parse(await res.json())).toEqual({ coupons: [SUMMER, FIVE, WELCOME] })
  })

  it('filters on active=true and active=false', async () => {
    const emu = await testEmulator()
    await emu.request('/api/v1/coupons/cpn_demo_five', { method: 'PUT', json: { active: false } })
    const active = CouponListSchema.parse(await (await emu.request('/api/v1/coupons?active=true')).json())
    expect(active.coupons.map((c) => c.code)).toEqual(['SUMMER25', 'WELCOME10'])
    const inactive = CouponListSchema.parse(await (await emu.request('/api/v1/coupons?active=false')).json())
    expect(inactive).toEqual({ coupons: [{ ...FIVE, active: false, updatedAt: NOW }] })
  })

  it.each([
    ['active=yes', 'active', 'must be one of "true", "false"'],
    ['limit=5', 'limit', 'is not a known field'],
  ])('refuses the query %s with 400', async (query, field, message) => {
    const emu = await testEmulator()
    await fieldError(await emu.request(`/api/v1/coupons?${query}`), 400, field, message)
  })

  it('reads one coupon and answers 404 for an unknown one', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/coupons/cpn_demo_five')
    expect(CouponSchema.parse(await res.json())).toEqual(FIVE)
    const missing = await emu.request('/api/v1/coupons/cpn_nope')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'coupon not found: cpn_nope' })
  })

  it('takes a code (any case) wherever an id goes: read, update, delete', async () => {
    const emu = await testEmulator()
    expect(CouponSchema.parse(await (await emu.request('/api/v1/coupons/fiveoff')).json())).toEqual(FIVE)
    const put = await emu.request('/api/v1/coupons/FIVEOFF', { method: 'PUT', json: { value: 6 } })
    expect(CouponSchema.parse(await put.json())).toMatchObject({ id: 'cpn_demo_five', value: 6 })
    const del = await emu.request('/api/v1/coupons/FiveOff', { method: 'DELETE' })
    expect(await del.json()).toEqual({ success: true })
    expect((await emu.request('/api/v1/coupons/cpn_demo_five')).status).toBe(404)
  })

  it("creates a coupon with the spec's defaults, the code uppercased", async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/coupons', {
      method: 'POST',
      json: { code: 'spring-20', type: 'fixed', value: 20 },
    })
    expect(res.status).toBe(201)
    const coupon = CouponSchema.parse(await res.json())
    expect(coupon).toEqual({
      id: expect.stringMatching(/^cpn_/),
      code: 'SPRING-20',
      type: 'fixed',
      value: 20,
      usageLimit: null,
      usedCount: 0,
      minAmount: null,
      expiresAt: null,
      active: true,
      createdAt: NOW,
      updatedAt: NOW,
    })
    expect(await (await emu.request(`/api/v1/coupons/${coupon.id}`)).json()).toEqual(coupon)
  })

  it('creates a coupon with every field, the expiry stored as UTC with milliseconds', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/coupons', {
      method: 'POST',
      json: {
        code: 'VIP',
        type: 'percentage',
        value: 100,
        usageLimit: 3,
        minAmount: 9.99,
        expiresAt: '2026-12-31T23:00:00+02:00',
        active: false,
      },
    })
    expect(res.status).toBe(201)
    expect(CouponSchema.parse(await res.json())).toEqual({
      id: expect.any(String),
      code: 'VIP',
      type: 'percentage',
      value: 100,
      usageLimit: 3,
      usedCount: 0,
      minAmount: 9.99,
      expiresAt: '2026-12-31T21:00:00.000Z',
      active: false,
      createdAt: NOW,
      updatedAt: NOW,
    })
  })

  it('refuses a code the shop already uses, in any case, with 409', async () => {
    const emu = await testEmulator()
    const before = JSON.stringify(emu.store.snapshot())
    const res = await emu.request('/api/v1/coupons', {
      method: 'POST',
      json: { code: 'welcome10', type: 'fixed', value: 1 },
    })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      error: 'code: a coupon with code "WELCOME10" already exists in this shop (cpn_demo_welcome); choose another code',
      errors: [{ field: 'code', message: 'is taken' }],
    })
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it.each([
    [{ type: 'fixed', value: 1 }, 'code', 'is required'],
    [{ code: 'A B', type: 'fixed', value: 1 }, 'code', 'may hold only letters, digits, "-" and "_"'],
    [{ code: 'X', type: 'bogo', value: 1 }, 'type', 'must be one of "percentage", "fixed"'],
    [{ code: 'X', type: 'percentage', value: 101 }, 'value', 'must be at most 100 for a percentage coupon'],
    [{ code: 'X', type: 'fixed', value: -1 }, 'value', 'must not be negative'],
    [{ code: 'X', type: 'fixed', value: 1, usageLimit: 1.5 }, 'usageLimit', 'must be an integer'],
    [{ code: 'X', type: 'fixed', value: 1, expiresAt: 'tomorrow' }, 'expiresAt', 'must be an ISO 8601 date-time'],
    [{ code: 'X', type: 'fixed', value: 1, usedCount: 5 }, 'usedCount', 'is not a known field'],
    [
      { code: 'X', type: 'fixed', value: 1, expiresAt: '0000-01-01T00:00:00+14:00' },
      'expiresAt',
      'must fall between the years 0000 and 9999 in UTC',
    ],
  ])('refuses the create body %j with 400', async (json, field, message) => {
    const emu = await testEmulator()
    await fieldError(await emu.request('/api/v1/coupons', { method: 'POST', json }), 400, field, message)
  })

  it('updates only the given fields; expiresAt null removes the expiry', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/coupons/cpn_demo_expired', {
      method: 'PUT',
      json: { expiresAt: null, value: 30, code: 'summer30' },
    })
    expect(res.status).toBe(200)
    const updated = { ...SUMMER, expiresAt: null, value: 30, code: 'SUMMER30', updatedAt: NOW }
    expect(CouponSchema.parse(await res.json())).toEqual(updated)
    expect(await (await emu.request('/api/v1/coupons/cpn_demo_expired')).json()).toEqual(updated)
    const again = await emu.request('/api/v1/coupons/cpn_demo_expired', {
      method: 'PUT',
      json: { expiresAt: '2027-01-01T00:00:00Z', usageLimit: null, active: false },
    })
    expect(await again.json()).toEqual({ ...updated, expiresAt: '2027-01-01T00:00:00.000Z', active: false })
  })

  it("keeps a coupon's own code on update, and refuses another coupon's code with 409", async () => {
    const emu = await testEmulator()
    expect(
      (await emu.request('/api/v1/coupons/cpn_demo_five', { method: 'PUT', json: { code: 'fiveoff' } })).status,
    ).toBe(200)
    const res = await emu.request('/api/v1/coupons/cpn_demo_five', { method: 'PUT', json: { code: 'Welcome10' } })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toBe(
      'code: a coupon with code "WELCOME10" already exists in this shop (cpn_demo_welcome); choose another code',
    )
    expect((await emu.request('/api/v1/coupons/cpn_demo_five')).ok).toBe(true)
  })

  it.each([
    [{ minAmount: 5 }, 'minAmount', 'is not a known field'],
    [{ type: 'percentage' }, 'value', 'must be at most 100 for a percentage coupon'],
    [{ value: 150 }, 'value', 'must be at most 100 for a percentage coupon'],
    [{ active: 'yes' }, 'active', 'must be a boolean (got string)'],
  ])('refuses the update body %j with 400', async (json, field, message) => {
    const emu = await testEmulator()
    // FIVEOFF becomes a fixed 150 off: turning it into a percentage coupon must fail on its value.
    await emu.request('/api/v1/coupons/cpn_demo_five', { method: 'PUT', json: { value: 150 } })
    const id = 'value' in json ? 'cpn_demo_welcome' : 'cpn_demo_five'
    const before = JSON.stringify(emu.store.snapshot())
    await fieldError(await emu.request(`/api/v1/coupons/${id}`, { method: 'PUT', json }), 400, field, message)
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it('answers 404 for updating or deleting an unknown coupon', async () => {
    const emu = await testEmulator()
    const put = await emu.request('/api/v1/coupons/cpn_nope', { method: 'PUT', json: { active: false } })
    expect(put.status).toBe(404)
    expect(await put.json()).toEqual({ error: 'coupon not found: cpn_nope' })
    const del = await emu.request('/api/v1/coupons/cpn_nope', { method: 'DELETE' })
    expect(del.status).toBe(404)
    expect(await del.json()).toEqual({ error: 'coupon not found: cpn_nope' })
  })

  it('deletes a coupon permanently and frees its code', async () => {
    const emu = await testEmulator()
    const del = await emu.request('/api/v1/coupons/cpn_demo_welcome', { method: 'DELETE' })
    expect(del.status).toBe(200)
    expect(await del.json()).toEqual({ success: true })
    expect((await emu.request('/api/v1/coupons/cpn_demo_welcome')).status).toBe(404)
    const reuse = await emu.request('/api/v1/coupons', {
      method: 'POST',
      json: { code: 'WELCOME10', type: 'fixed', value: 2 },
    })
    expect(reuse.status).toBe(201)
  })
})
