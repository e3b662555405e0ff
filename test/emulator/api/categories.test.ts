import { describe, expect, it } from 'vitest'
import { CategoryListSchema, CategorySchema } from '../../../src/contract/categories.js'
import { ErrorBodySchema } from '../../../src/contract/errors.js'
import { testEmulator } from '../../helpers/emulator.js'

const NOW = '2026-06-01T12:00:00.000Z'
const SERIAL = { id: 'prod_demo_serial', name: 'Game Key', productId: 'rec_demoSerial001' }
const MYSTERY = { id: 'prod_demo_mystery', name: 'Mystery Box', productId: 'rec_demoMystery01' }
const PHYSICAL = { id: 'prod_demo_physical', name: 'Store T-Shirt', productId: 'rec_demoPhysical1' }
const BUNDLE = { id: 'grp_demo_bundle', name: 'Gamer Bundle' }
const GAMES = {
  id: 'cat_demo_games',
  name: 'Games',
  sortOrder: 0,
  unlisted: false,
  products: [SERIAL, MYSTERY],
  groups: [BUNDLE],
  createdAt: '2026-01-01T12:01:00.000Z',
  updatedAt: '2026-01-01T12:01:00.000Z',
}
const MERCH = {
  id: 'cat_demo_merch',
  name: 'Merch',
  sortOrder: 1,
  unlisted: false,
  products: [PHYSICAL],
  groups: [],
  createdAt: '2026-01-01T12:02:00.000Z',
  updatedAt: '2026-01-01T12:02:00.000Z',
}

async function fieldError(res: Response, status: number, field: string, message: string) {
  expect(res.status).toBe(status)
  expect(ErrorBodySchema.parse(await res.json())).toEqual({
    error: `${field}: ${message}`,
    errors: [{ field, message }],
  })
}

describe('/api/v1/categories', () => {
  it('lists categories with their bound products and groups, sorted by sortOrder', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/categories')
    expect(res.status).toBe(200)
    expect(CategoryListSchema.parse(await res.json())).toEqual({ categories: [GAMES, MERCH] })
  })

  it('sorts by sortOrder, then by creation date', async () => {
    const emu = await testEmulator()
    const names = ['Late', 'First', 'Later']
    for (const [i, name] of names.entries()) {
      await emu.request('/api/v1/categories', { method: 'POST', json: { name, sortOrder: i === 1 ? -5 : 1 } })
    }
    const list = CategoryListSchema.parse(await (await emu.request('/api/v1/categories')).json())
    expect(list.categories.map((c) => c.name)).toEqual(['First', 'Games', 'Merch', 'Late', 'Later'])
  })

  it('reads one category and answers 404 for an unknown one', async () => {
    const emu = await testEmulator()
    expect(CategorySchema.parse(await (await emu.request('/api/v1/categories/cat_demo_games')).json())).toEqual(GAMES)
    const res = await emu.request('/api/v1/categories/cat_nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'category not found: cat_nope' })
  })

  it('creates a category with defaults', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/categories', { method: 'POST', json: { name: 'Gifts' } })
    expect(res.status).toBe(201)
    expect(CategorySchema.parse(await res.json())).toEqual({
      id: expect.stringMatching(/^cat_/),
      name: 'Gifts',
      sortOrder: 0,
      unlisted: false,
      products: [],
      groups: [],
      createdAt: NOW,
      updatedAt: NOW,
    })
  })

  it('binds products by internal id or rec_ productId, once each, and groups by id', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/categories', {
      method: 'POST',
      json: {
        name: 'All',
        sortOrder: 3,
        unlisted: true,
        productIds: ['rec_demoPhysical1', 'prod_demo_serial', 'prod_demo_physical'],
        groupIds: ['grp_demo_bundle'],
      },
    })
    expect(res.status).toBe(201)
    const category = CategorySchema.parse(await res.json())
    expect(category).toEqual({
      id: expect.any(String),
      name: 'All',
      sortOrder: 3,
      unlisted: true,
      products: [PHYSICAL, SERIAL],
      groups: [BUNDLE],
      createdAt: NOW,
      updatedAt: NOW,
    })
    expect(await (await emu.request(`/api/v1/categories/${category.id}`)).json()).toEqual(category)
  })

  it.each([
    [{ name: 'X', productIds: ['prod_demo_serial', 'prod_ghost'] }, 'productIds', 'unknown product prod_ghost'],
    [{ name: 'X', groupIds: ['grp_ghost'] }, 'groupIds', 'unknown group grp_ghost'],
    [{ name: '' }, 'name', 'must not be empty'],
    [{ name: '   ' }, 'name', 'must not be empty'],
    [{}, 'name', 'is required'],
    [{ name: 'X', sortOrder: 1.5 }, 'sortOrder', 'must be an integer'],
    [{ name: 'X', productIds: 'prod_demo_serial' }, 'productIds', 'must be an array (got string)'],
    [{ name: 'X', productIds: [''] }, 'productIds.0', 'must not be empty'],
    [{ name: 'X', products: [] }, 'products', 'is not a known field'],
  ])('refuses the create body %j with 400 and stores nothing', async (json, field, message) => {
    const emu = await testEmulator()
    const before = JSON.stringify(emu.store.snapshot())
    await fieldError(await emu.request('/api/v1/categories', { method: 'POST', json }), 400, field, message)
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it('updates only the given fields; productIds and groupIds replace the whole lists', async () => {
    const emu = await testEmulator()
    const rename = await emu.request('/api/v1/categories/cat_demo_games', {
      method: 'PUT',
      json: { name: 'Gaming', unlisted: true },
    })
    expect(rename.status).toBe(200)
    expect(CategorySchema.parse(await rename.json())).toEqual({
      ...GAMES,
      name: 'Gaming',
      unlisted: true,
      updatedAt: NOW,
    })
    const lists = await emu.request('/api/v1/categories/cat_demo_games', {
      method: 'PUT',
      json: { productIds: ['rec_demoMystery01'], groupIds: [] },
    })
    expect(await lists.json()).toEqual({
      ...GAMES,
      name: 'Gaming',
      unlisted: true,
      products: [MYSTERY],
      groups: [],
      updatedAt: NOW,
    })
    const sort = await emu.request('/api/v1/categories/cat_demo_games', { method: 'PUT', json: { sortOrder: 9 } })
    expect((await sort.json()).products).toEqual([MYSTERY])
    const list = CategoryListSchema.parse(await (await emu.request('/api/v1/categories')).json())
    expect(list.categories.map((c) => c.id)).toEqual(['cat_demo_merch', 'cat_demo_games'])
  })

  it('refuses an update with an unknown product (400) or an unknown category (404), changing nothing', async () => {
    const emu = await testEmulator()
    const before = JSON.stringify(emu.store.snapshot())
    await fieldError(
      await emu.request('/api/v1/categories/cat_demo_games', {
        method: 'PUT',
        json: { name: 'Renamed', productIds: ['rec_nope'] },
      }),
      400,
      'productIds',
      'unknown product rec_nope',
    )
    const missing = await emu.request('/api/v1/categories/cat_nope', { method: 'PUT', json: { name: 'x' } })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'category not found: cat_nope' })
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it('stops showing a deleted product or group and keeps the category record as it was', async () => {
    const emu = await testEmulator()
    expect((await emu.request('/api/v1/products/prod_demo_serial', { method: 'DELETE' })).status).toBe(200)
    expect((await emu.request('/api/v1/groups/grp_demo_bundle', { method: 'DELETE' })).status).toBe(200)
    expect(await (await emu.request('/api/v1/categories/cat_demo_games')).json()).toEqual({
      ...GAMES,
      products: [MYSTERY],
      groups: [],
    })
    expect(emu.store.collections.categories.get('cat_demo_games')).toMatchObject({
      productIds: ['prod_demo_serial', 'prod_demo_mystery'],
      groupIds: ['grp_demo_bundle'],
    })
  })

  it('deletes a category and keeps its products and groups', async () => {
    const emu = await testEmulator()
    const del = await emu.request('/api/v1/categories/cat_demo_games', { method: 'DELETE' })
    expect(del.status).toBe(200)
    expect(await del.json()).toEqual({ success: true })
    expect((await emu.request('/api/v1/categories/cat_demo_games')).status).toBe(404)
    expect((await emu.request('/api/v1/products/prod_demo_serial')).status).toBe(200)
    expect((await emu.request('/api/v1/groups/grp_demo_bundle')).status).toBe(200)
    const again = await emu.request('/api/v1/categories/cat_demo_games', { method: 'DELETE' })
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({ error: 'category not found: cat_demo_games' })
  })
})
