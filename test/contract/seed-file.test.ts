import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { http } from 'msw'
import { loadSeedFile, parseSeed, type SeedInput } from '../../src/contract/seed-file.js'
import { createStoreHandlers } from '../../src/msw/index.js'
import { DEMO_SEED_PATH, testEmulator } from '../helpers/emulator.js'

const product = { name: 'Key', price: 5, type: 'Digital' } as const

/** The first field error the API answers a create body with. */
async function apiRefusal(path: string, json: unknown) {
  const emu = await testEmulator({ seed: 'empty' })
  const res = await emu.request(path, { method: 'POST', json })
  expect(res.status).toBe(400)
  const { errors } = (await res.json()) as { errors: { field: string; message: string }[] }
  return errors[0]
}

describe('seeds', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['products', '/api/v1/products', { ...product, name: '' }],
    ['products', '/api/v1/products', { ...product, price: -5 }],
    ['products', '/api/v1/products', { ...product, name: 'x'.repeat(201) }],
    ['products', '/api/v1/products', { ...product, stock: 1.5 }],
    ['products', '/api/v1/products', { ...product, currency: 'dollars' }],
    ['products', '/api/v1/products', { ...product, colour: 'red' }],
    ['coupons', '/api/v1/coupons', { code: 'A B', type: 'fixed', value: 1 }],
    ['coupons', '/api/v1/coupons', { code: 'X', type: 'percentage', value: 101 }],
    ['coupons', '/api/v1/coupons', { code: 'X', type: 'fixed', value: 1, expiresAt: '0000-01-01T00:00:00+14:00' }],
    ['groups', '/api/v1/groups', { name: 'G', discountPercent: 120 }],
    ['groups', '/api/v1/groups', { name: 'G', image: 'ftp://x' }],
    ['categories', '/api/v1/categories', { name: ' ' }],
    ['blacklists', '/api/v1/blacklists', { type: 'IP', value: '999.1.1.1' }],
    ['blacklists', '/api/v1/blacklists', { type: 'COUNTRY', value: 'FRA' }],
  ])(
    'refuses a %s record the API refuses, %j, naming the same field with the same message',
    async (collection, path, body) => {
      const { field, message } = await apiRefusal(path, body)
      expect(() => parseSeed({ [collection]: [body] }, 'seed')).toThrow(
        `seed was refused: ${collection}[0].${field}: ${message}`,
      )
    },
  )

  it('stores what the API would store: codes uppercased, expiry in UTC, e-mails and countries normalised', async () => {
    const emu = await testEmulator({
      seed: {
        products: [{ id: 'p1', productId: 'rec_p1', name: '  Key  ', price: 5, type: 'Digital', status: 'Live' }],
        coupons: [{ code: ' spring ', type: 'percentage', value: 10, expiresAt: '2099-12-31T23:00:00+02:00' }],
        groups: [{ id: 'g1', name: 'Bundle', productIds: ['rec_p1', 'p1'] }],
        blacklists: [{ type: 'COUNTRY', value: 'fr' }],
        customers: [{ email: 'Ada@Example.com', country: 'gb' }],
        orders: [{ customerEmail: 'ADA@example.com', items: [{ productId: 'rec_p1', quantity: 1, price: 5 }] }],
      },
    })
    const json = async (path: string) => (await emu.request(path)).json()
    expect(await json('/api/v1/products/p1')).toMatchObject({ name: 'Key' })
    const { coupons } = await json('/api/v1/coupons')
    expect(coupons[0]).toMatchObject({ code: 'SPRING', expiresAt: '2099-12-31T21:00:00.000Z' })
    const { groups } = await json('/api/v1/groups')
    expect(groups[0].products.map((p: { id: string }) => p.id)).toEqual(['p1'])
    const { blacklists } = await json('/api/v1/blacklists')
    expect(blacklists[0]).toMatchObject({ type: 'COUNTRY', value: 'FR' })
    const { customers } = await json('/api/v1/customers')
    expect(customers[0]).toMatchObject({ email: 'ada@example.com', country: 'GB' })
    const { orders } = await json('/api/v1/orders')
    expect(orders[0]).toMatchObject({
      orderNumber: 'ORD-1',
      customerEmail: 'ada@example.com',
      customerId: customers[0].id,
      items: [{ productId: 'p1', productName: 'Key', productType: 'Digital', total: 5 }],
    })

    // A code seeded in lowercase is the code a buyer types, in any case.
    const res = await emu.app.request('/storefront/demo/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: 'p1' }], email: 'b@example.com', couponCode: 'Spring' }),
    })
    expect(res.status).toBe(201)
    expect(((await res.json()) as { order: { couponCode: string; total: number } }).order).toMatchObject({
      couponCode: 'SPRING',
      total: 4.5,
    })
  })

  it.each<[string, SeedInput, string]>([
    [
      'two coupons whose codes differ only in case',
      {
        coupons: [
          { code: 'save', type: 'fixed', value: 1 },
          { code: 'SAVE', type: 'fixed', value: 2 },
        ],
      },
      "coupons[1].code: is the same as coupons[0]'s; each must be unique",
    ],
    [
      'two products with one id',
      {
        products: [
          { ...product, id: 'p' },
          { ...product, id: 'p' },
        ],
      },
      "products[1].id: is the same as products[0]'s; each must be unique",
    ],
    [
      'two entries for one visitor',
      {
        blacklists: [
          { type: 'EMAIL', value: 'a@b.co' },
          { type: 'EMAIL', value: 'A@B.CO' },
        ],
      },
      "blacklists[1].value: is the same as blacklists[0]'s; each must be unique",
    ],
    [
      'two orders with one number',
      {
        orders: [
          { orderNumber: 'ORD-1', customerEmail: 'a@b.co', items: [{ productId: 'x', quantity: 1, price: 1 }] },
          { orderNumber: 'ORD-1', customerEmail: 'c@d.co', items: [{ productId: 'x', quantity: 1, price: 1 }] },
        ],
      },
      "orders[1].orderNumber: is the same as orders[0]'s; each must be unique",
    ],
    [
      'a group bound to a product the seed does not hold',
      { products: [{ ...product, id: 'p' }], groups: [{ name: 'G', productIds: ['p', 'nope'] }] },
      'groups[0].productIds[1]: names no product of the seed: nope',
    ],
    [
      'a category bound to an unknown group',
      { categories: [{ name: 'C', groupIds: ['grp_x'] }] },
      'categories[0].groupIds[0]: names no group of the seed: grp_x',
    ],
    [
      'an order without items',
      { orders: [{ customerEmail: 'a@b.co', items: [] }] },
      'orders[0].items: must hold at least one item',
    ],
    [
      'a customer without a valid e-mail',
      { customers: [{ email: 'not-an-address' }] },
      'customers[0].email: must be an e-mail address',
    ],
    ['an unknown collection', { widgets: [] } as SeedInput, 'widgets: is not a known field'],
  ])('refuses %s', (_case, seed, problem) => {
    expect(() => parseSeed(seed, 'seed')).toThrow(`seed was refused: ${problem}`)
  })

  it('numbers orders without a number after the ones before them, skipping numbers other orders hold', async () => {
    const item = { productId: 'x', quantity: 1, price: 1 }
    const emu = await testEmulator({
      seed: {
        orders: [
          { customerEmail: 'a@b.co', items: [item] },
          { orderNumber: 'ORD-2', customerEmail: 'a@b.co', items: [item] },
          { orderNumber: 'ORD-1', customerEmail: 'a@b.co', items: [item] },
          { customerEmail: 'a@b.co', items: [item] },
        ],
      },
    })
    const { orders } = (await (await emu.request('/api/v1/orders')).json()) as { orders: { orderNumber: string }[] }
    expect(orders.map((o) => o.orderNumber).sort()).toEqual(['ORD-1', 'ORD-2', 'ORD-3', 'ORD-4'])
  })

  it('checks every way in alike: a seed file, the demo fixture, an object in code, the MSW handlers', async () => {
    const bad: SeedInput = { products: [{ name: '', price: -5, type: 'Digital' }] }
    const dir = mkdtempSync(join(tmpdir(), 'store-seed-'))
    const file = join(dir, 'seed.json')
    writeFileSync(file, JSON.stringify(bad))
    expect(() => loadSeedFile(file)).toThrow(`seed file ${file} was refused: products[0].name: must not be empty`)
    expect(loadSeedFile(DEMO_SEED_PATH).products).toHaveLength(9)
    await expect(testEmulator({ seed: bad })).rejects.toThrow('seed was refused: products[0].name: must not be empty')
    await expect(testEmulator({ seed: { products: [{ ...product, price: -5 }] } })).rejects.toThrow(
      'seed was refused: products[0].price: must not be negative',
    )
    expect(() => createStoreHandlers(http, { seed: bad })).toThrow(
      'createStoreHandlers: seed was refused: products[0].name: must not be empty',
    )
  })

  it('checks a seed once: what it returned is taken as it is, a copy of it is checked again', () => {
    const checked = loadSeedFile(DEMO_SEED_PATH)
    expect(parseSeed(checked, 'seed')).toBe(checked)
    const copy = JSON.parse(JSON.stringify(checked)) as SeedInput
    const again = parseSeed(copy, 'seed')
    expect(again).not.toBe(copy)
    expect(again).toEqual(checked)
    const broken = JSON.parse(JSON.stringify(checked)) as { products: { price: number }[] }
    broken.products[0].price = -5
    expect(() => parseSeed(broken, 'seed')).toThrow('seed was refused: products[0].price: must not be negative')
  })
})
