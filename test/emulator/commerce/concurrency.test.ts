import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { independentlyVerifyOpen } from '../../helpers/independent-verifier.js'
import { TEST_KEY } from '../../helpers/emulator.js'
import { shop, type Shop } from './helpers.js'
import { deliveredCodesOf, serialPool } from '../../../src/emulator/services/catalogue/serial-pool.js'

const servers: ServerType[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** The emulator on a real socket (port 0), so 50 buyers' requests interleave as they would against `store serve`. */
async function listen(s: Shop): Promise<string> {
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: s.emu.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
  })
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** One buyer: checks out one unit over HTTP and, if the checkout is accepted, pays. */
async function buyer(base: string, productId: string, n: number) {
  const checkout = await fetch(`${base}/storefront/demo/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ productId, quantity: 1 }], email: `buyer${n}@example.com` }),
  })
  const placed = (await checkout.json()) as any
  if (checkout.status !== 201) return { checkout: checkout.status, error: placed.error as string }
  const pay = await fetch(`${base}/_emulator/orders/${placed.order.id}/pay`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEY}` },
  })
  return { checkout: 201, pay: pay.status, order: (await pay.json()) as any }
}

describe('many buyers at once on the same stock', () => {
  it('50 buyers for 10 serial codes: exactly 10 delivered, stock 0, 10 distinct codes, delivered = taken', async () => {
    const s = await shop()
    const pool = Array.from({ length: 10 }, (_, i) => `RACE-${String(i).padStart(2, '0')}`)
    expect((await s.put('/_emulator/products/prod_demo_serial/fulfilment', { serials: pool })).status).toBe(200)
    const base = await listen(s)

    const results = await Promise.all(Array.from({ length: 50 }, (_, n) => buyer(base, 'rec_demoSerial001', n)))

    const delivered = results.filter((r) => r.order?.items[0].delivery.status === 'delivered')
    const codes = delivered.flatMap((r) => r.order.items[0].delivery.codes as string[])
    expect(delivered).toHaveLength(10)
    expect(codes).toHaveLength(10)
    expect(new Set(codes)).toEqual(new Set(pool))
    expect(s.emu.store.c.products.get('prod_demo_serial')!.stock).toBe(0)
    expect(serialPool(s.emu.store.c, 'prod_demo_serial')).toEqual([])
    expect(deliveredCodesOf(s.emu.store.c, 'prod_demo_serial').sort()).toEqual(pool)
    // Everyone else was turned away at checkout (409) or paid and told why nothing came.
    for (const r of results.filter((x) => !delivered.includes(x))) {
      if (r.checkout === 409) expect(r.error).toMatch(/^items\.0\.quantity: only 0 of "Game Key" in stock/)
      else {
        expect(r.order).toMatchObject({ paymentStatus: 'paid', status: 'processing' })
        expect(r.order.items[0].delivery).toMatchObject({
          status: 'undelivered',
          reason: expect.stringMatching(/^out of stock: 0 code\(s\) left for 1 unit\(s\)/),
        })
        expect(r.order.items[0].taken).toBeUndefined()
      }
    }
    // Units delivered across every stored order equal the units taken from stock.
    const stored = [...s.emu.store.c.orders.values()]
      .flatMap((o) => o.items)
      .filter((i) => i.productId === 'prod_demo_serial')
    expect(stored.reduce((sum, i) => sum + ((i as any).taken ?? 0), 0)).toBe(10)
    expect(stored.reduce((sum, i) => sum + (i.delivery?.codes?.length ?? 0), 0)).toBe(10)
  })

  it('50 buyers for a 10-box drop table: 10 boxes opened, codes never repeated, every open verifies', async () => {
    const s = await shop()
    await s.put('/_emulator/products/prod_demo_mystery/fulfilment', {
      mystery: {
        outcomes: [
          { name: 'Key', weight: 1, codes: ['K1', 'K2', 'K3', 'K4'] },
          { name: 'Skin', weight: 3, codes: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'] },
        ],
      },
    })
    const base = await listen(s)
    const results = await Promise.all(Array.from({ length: 50 }, (_, n) => buyer(base, 'rec_demoMystery01', n)))
    const opened = results.filter((r) => r.order?.items[0].delivery.status === 'delivered')
    expect(opened).toHaveLength(10)
    const codes = opened.map((r) => r.order.items[0].mystery.opens[0].code as string)
    expect(new Set(codes).size).toBe(10)
    expect(s.emu.store.c.products.get('prod_demo_mystery')!.stock).toBe(0)
    for (const r of opened) {
      const line = r.order.items[0]
      expect(independentlyVerifyOpen(line.mystery.opens[0], line.mystery.commitment)).toEqual([])
    }
    const seeds = opened.map((r) => r.order.items[0].mystery.serverSeed)
    expect(new Set(seeds).size).toBe(10)
  })
})
