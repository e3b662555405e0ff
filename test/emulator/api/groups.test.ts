import { describe, expect, it } from 'vitest'
import { GroupListSchema, GroupSchema } from '../../../src/contract/groups.js'
import { ErrorBodySchema } from '../../../src/contract/errors.js'
import { testEmulator } from '../../helpers/emulator.js'

const NOW = '2026-06-01T12:00:00.000Z'
const SERIAL = { id: 'prod_demo_serial', name: 'Game Key', productId: 'rec_demoSerial001', price: 9.5 }
const MYSTERY = { id: 'prod_demo_mystery', name: 'Mystery Box', productId: 'rec_demoMystery01', price: 3 }
const DIGITAL = { id: 'prod_demo_digital', name: 'Starter Template Pack', productId: 'rec_demoDigital01', price: 19.99 }
const BUNDLE = {
  id: 'grp_demo_bundle',
  name: 'Gamer Bundle',
  description: 'A key and a mystery box, 15% off.',
  discountPercent: 15,
  image: null,
  sortOrder: 0,
  unlisted: false,
  products: [SERIAL, MYSTERY],
  createdAt: '2026-01-01T12:00:00.000Z',
  updatedAt: '2026-01-01T12:00:00.000Z',
}

async function fieldError(res: Response, status: number, field: string, message: string) {
  expect(res.status).toBe(status)
  expect(ErrorBodySchema.parse(await res.json())).toEqual({
    error: `${field}: ${message}`,
    errors: [{ field, message }],
  })
}

describe('/api/v1/groups', () => {
  it('lists groups with their products and reads one', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/groups')
    expect(res.status).toBe(200)
    expect(GroupListSchema.parse(await res.json())).toEqual({ groups: [BUNDLE] })
    expect(GroupSchema.parse(await (await emu.request('/api/v1/groups/grp_demo_bundle')).json())).toEqual(BUNDLE)
  })

  it('answers 404 for an unknown group on read, update and delete', async () => {
    const emu = await testEmulator()
    for (const init of [{}, { method: 'PUT', json: { name: 'x' } }, { method: 'DELETE' }]) {
      const res = await emu.request('/api/v1/groups/grp_nope', init)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'group not found: grp_nope' })
    }
  })

  it('creates a group with defaults, and with every field', async () => {
    const emu = await testEmulator()
    const plain = await emu.request('/api/v1/groups', { method: 'POST', json: { name: 'Plain' } })
    expect(plain.status).toBe(201)
    expect(GroupSchema.parse(await plain.json())).toEqual({
      id: expect.stringMatching(/^grp_/),
      name: 'Plain',
      description: '',
      discountPercent: 0,
      image: null,
      sortOrder: 0,
      unlisted: false,
      products: [],
      createdAt: NOW,
      updatedAt: NOW,
    })
    const full = await emu.request('/api/v1/groups', {
      method: 'POST',
      json: {
        name: 'Full',
        description: 'All in',
        discountPercent: 100,
        image: 'https://cdn.example.com/full.png',
        sortOrder: -1,
        unlisted: true,
        productIds: ['rec_demoDigital01', 'prod_demo_serial', 'rec_demoSerial001'],
      },
    })
    expect(full.status).toBe(201)
    const group = GroupSchema.parse(await full.json())
    expect(group).toEqual({
      id: expect.any(String),
      name: 'Full',
      description: 'All in',
      discountPercent: 100,
      image: 'https://cdn.example.com/full.png',
      sortOrder: -1,
      unlisted: true,
      products: [DIGITAL, SERIAL],
      createdAt: NOW,
      updatedAt: NOW,
    })
    const list = GroupListSchema.parse(await (await emu.request('/api/v1/groups')).json())
    expect(list.groups.map((g) => g.name)).toEqual(['Full', 'Gamer Bundle', 'Plain'])
  })

  it.each([
    [{ name: 'X', discountPercent: 101 }, 'discountPercent', 'must be between 0 and 100'],
    [{ name: 'X', discountPercent: -0.5 }, 'discountPercent', 'must be between 0 and 100'],
    [{ name: 'X', image: 'javascript:alert(1)' }, 'image', 'must be an http(s) URL'],
    [{ name: 'X', productIds: ['prod_ghost'] }, 'productIds', 'unknown product prod_ghost'],
    [{ name: 'X', unlisted: 'no' }, 'unlisted', 'must be a boolean (got string)'],
    [{ discountPercent: 5 }, 'name', 'is required'],
  ])('refuses the create body %j with 400 and stores nothing', async (json, field, message) => {
    const emu = await testEmulator()
    const before = JSON.stringify(emu.store.snapshot())
    await fieldError(await emu.request('/api/v1/groups', { method: 'POST', json }), 400, field, message)
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it('updates only the given fields; productIds replaces the full list', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/groups/grp_demo_bundle', {
      method: 'PUT',
      json: { discountPercent: 20, productIds: ['rec_demoDigital01'] },
    })
    expect(res.status).toBe(200)
    const updated = { ...BUNDLE, discountPercent: 20, products: [DIGITAL], updatedAt: NOW }
    expect(GroupSchema.parse(await res.json())).toEqual(updated)
    const again = await emu.request('/api/v1/groups/grp_demo_bundle', {
      method: 'PUT',
      json: { name: 'Creator Bundle', sortOrder: 2, unlisted: true },
    })
    expect(await again.json()).toEqual({ ...updated, name: 'Creator Bundle', sortOrder: 2, unlisted: true })
  })

  it.each([
    [{ description: 'new' }, 'description', 'is not a known field'],
    [{ image: 'https://x.example/i.png' }, 'image', 'is not a known field'],
    [{ discountPercent: 100.5 }, 'discountPercent', 'must be between 0 and 100'],
    [{ productIds: ['prod_demo_serial', 'nope'] }, 'productIds', 'unknown product nope'],
  ])('refuses the update body %j with 400 and changes nothing', async (json, field, message) => {
    const emu = await testEmulator()
    const before = JSON.stringify(emu.store.snapshot())
    await fieldError(await emu.request('/api/v1/groups/grp_demo_bundle', { method: 'PUT', json }), 400, field, message)
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it('stops showing a deleted product and keeps the group record as it was', async () => {
    const emu = await testEmulator()
    await emu.request('/api/v1/products/rec_demoMystery01', { method: 'DELETE' })
    expect(await (await emu.request('/api/v1/groups/grp_demo_bundle')).json()).toEqual({
      ...BUNDLE,
      products: [SERIAL],
    })
    expect(emu.store.collections.groups.get('grp_demo_bundle')?.productIds).toEqual([
      'prod_demo_serial',
      'prod_demo_mystery',
    ])
  })

  it('deletes a group and keeps its products', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/groups/grp_demo_bundle', { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })
    expect(await (await emu.request('/api/v1/groups')).json()).toEqual({ groups: [] })
    expect((await emu.request('/api/v1/products/prod_demo_serial')).status).toBe(200)
  })
})
