import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { FulfilmentSetupSchema } from '../../../src/contract/fulfilment.js'
import { testEmulator } from '../../helpers/emulator.js'
import { shop } from '../commerce/helpers.js'

const sha256 = (text: string) => createHash('sha256').update(text, 'ascii').digest('hex')

describe('PUT /_emulator/products/:id/fulfilment', () => {
  it('applies the seed blocks like the route: serial pool with stock, mystery at pool version 1 with a committed seed', async () => {
    const s = await shop()
    expect(s.stock('prod_demo_serial')).toBe(10)
    const mystery = s.emu.services.catalogue.setup(s.demo(), 'prod_demo_mystery').mystery!
    const serverSeed = s.emu.services.catalogue.mysterySeed(s.demo(), 'prod_demo_mystery')!
    expect(mystery.poolVersion).toBe(1)
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/)
    expect(mystery.commitment).toBe(sha256(serverSeed))
    const product = s.emu.services.catalogue.get(s.demo(), 'prod_demo_mystery')
    expect(product).not.toHaveProperty('serverSeed')
    expect(JSON.stringify(product)).not.toContain(serverSeed)
  })

  it('shows the setup without the server seed', async () => {
    const s = await shop()
    const res = await s.emu.request('/_emulator/products/rec_demoMystery01/fulfilment')
    expect(res.status).toBe(200)
    const view = FulfilmentSetupSchema.parse(await res.json())
    const seed = s.emu.services.catalogue.mysterySeed(s.demo(), 'prod_demo_mystery')!
    expect(JSON.stringify(view)).not.toContain(seed)
    expect(view.mystery).toEqual({
      commitment: sha256(seed),
      poolVersion: 1,
      outcomes: [
        { name: 'Legendary Skin', weight: 1, chance: 1, stock: 2, codes: ['LEG-0001', 'LEG-0002'] },
        { name: 'Rare Skin', weight: 9, chance: 9, stock: 20 },
        { name: 'Common Sticker', weight: 90, chance: 90, stock: null },
      ],
    })
  })

  it('replaces the serial pool and the stock follows it, firing product:stock (and :low at 5 or fewer)', async () => {
    const s = await shop()
    const res = await s.put('/_emulator/products/prod_demo_serial/fulfilment', { serials: ['A-1', 'A-2', 'A-3'] })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      productId: 'prod_demo_serial',
      productType: 'Serial',
      serials: ['A-1', 'A-2', 'A-3'],
      stock: 3,
    })
    expect(s.stock('prod_demo_serial')).toBe(3)
    expect(s.kinds()).toEqual(['product:stock', 'product:stock:low'])
    await s.put('/_emulator/products/prod_demo_serial/fulfilment', {
      serials: Array.from({ length: 8 }, (_, i) => `B-${i}`),
    })
    expect(s.kinds()).toEqual(['product:stock', 'product:stock:low', 'product:stock'])
  })

  it('keeps absent fields, removes null ones, and moves the mystery table to a new pool version and seed', async () => {
    const s = await shop()
    const before = s.emu.services.catalogue.setup(s.demo(), 'prod_demo_mystery').mystery!
    const res = await s.put('/_emulator/products/prod_demo_mystery/fulfilment', {
      deliveryMessage: 'Enjoy!',
      mystery: {
        outcomes: [
          { name: 'A', weight: 1, stock: 2 },
          { name: 'B', weight: 3, codes: ['B1', 'B2'] },
        ],
      },
    })
    const view = (await res.json()) as any
    expect(view.mystery).toMatchObject({
      poolVersion: 2,
      outcomes: [
        { name: 'A', weight: 1, chance: 25, stock: 2 },
        { name: 'B', weight: 3, chance: 75, stock: 2, codes: ['B1', 'B2'] },
      ],
    })
    expect(view.mystery.commitment).not.toBe(before.commitment)
    expect(view.stock).toBe(4)
    const again = (await (
      await s.put('/_emulator/products/prod_demo_mystery/fulfilment', { deliveryMessage: null })
    ).json()) as any
    expect(again).toMatchObject({
      deliveryMessage: null,
      mystery: { poolVersion: 2, commitment: view.mystery.commitment },
    })
  })

  it.each([
    [
      'a field the type does not take',
      'prod_demo_digital',
      { serials: ['X'] },
      400,
      'serials: does not apply to a Digital product (it takes deliveryMessage, files)',
    ],
    [
      'any setup on an InfoCard',
      'prod_demo_infocard',
      { deliveryMessage: 'hi' },
      400,
      'deliveryMessage: does not apply to an InfoCard product (it takes no setup: it is display only)',
    ],
    [
      'a repeated serial',
      'prod_demo_serial',
      { serials: ['X', 'Y', 'X'] },
      400,
      'serials.2: duplicates the code "X"; every code is delivered once',
    ],
    [
      'a coded outcome with more stock than codes',
      'prod_demo_mystery',
      { mystery: { outcomes: [{ name: 'A', weight: 1, stock: 3, codes: ['1', '2'] }] } },
      400,
      'mystery.outcomes.0.stock: must be at most the number of codes (2)',
    ],
    [
      'a coded outcome with unlimited stock',
      'prod_demo_mystery',
      { mystery: { outcomes: [{ name: 'A', weight: 1, stock: null, codes: ['1'] }] } },
      400,
      'mystery.outcomes.0.stock: must be a number (at most the number of codes) when the outcome has codes',
    ],
    [
      'a repeated outcome name',
      'prod_demo_mystery',
      {
        mystery: {
          outcomes: [
            { name: 'A', weight: 1 },
            { name: 'A', weight: 2 },
          ],
        },
      },
      400,
      'mystery.outcomes.1.name: duplicates the outcome "A"',
    ],
    [
      'a zero weight',
      'prod_demo_mystery',
      { mystery: { outcomes: [{ name: 'A', weight: 0 }] } },
      400,
      'mystery.outcomes.0.weight: must be at least 1',
    ],
    [
      'an empty table',
      'prod_demo_mystery',
      { mystery: { outcomes: [] } },
      400,
      'mystery.outcomes: must hold at least one outcome',
    ],
    [
      'a bad interval',
      'prod_demo_subscription',
      { subscription: { interval: 'HOUR', intervalCount: 1 } },
      400,
      'subscription.interval: must be one of "DAY", "WEEK", "MONTH", "YEAR"',
    ],
    [
      'a non-http dynamic URL',
      'prod_demo_dynamic',
      { dynamicWebhookUrl: 'ftp://x.example' },
      400,
      'dynamicWebhookUrl: must be an http(s) URL',
    ],
    ['an unknown field', 'prod_demo_serial', { codes: [] }, 400, 'codes: is not a known field'],
    ['an unknown product', 'rec_nope', { deliveryMessage: 'x' }, 404, 'product not found: rec_nope'],
  ])('refuses %s', async (_name, id, body, status, error) => {
    const s = await shop()
    const res = await s.put(`/_emulator/products/${id}/fulfilment`, body)
    expect(res.status).toBe(status)
    expect(((await res.json()) as any).error).toBe(error)
  })

  it('refuses to bring back a code that was already delivered (409)', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'rec_demoSerial001' }] })
    await s.pay(order.id)
    const res = await s.put('/_emulator/products/prod_demo_serial/fulfilment', { serials: ['NEW-1', 'KEY-AAAA-0001'] })
    expect(res.status).toBe(409)
    expect(((await res.json()) as any).error).toBe(
      'serials.1: code "KEY-AAAA-0001" was already delivered to a buyer; every code is delivered once',
    )
  })

  it('refuses a seed file whose fulfilment block is invalid, naming the product and field', async () => {
    await expect(
      testEmulator({
        seed: {
          products: [
            {
              id: 'p1',
              name: 'Box',
              price: 1,
              type: 'MysteryBox',
              fulfilment: { mystery: { outcomes: [{ name: 'A', weight: -1 }] } },
            },
          ],
        },
      }),
    ).rejects.toThrow('seed product p1: fulfilment.mystery.outcomes.0.weight: must be at least 1')
    await expect(
      testEmulator({
        seed: { products: [{ id: 'p2', name: 'Key', price: 1, type: 'Digital', fulfilment: { serials: ['A'] } }] },
      }),
    ).rejects.toThrow(
      'seed product p2: fulfilment.serials: does not apply to a Digital product (it takes deliveryMessage, files)',
    )
  })
})
