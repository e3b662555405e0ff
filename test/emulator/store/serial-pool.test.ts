import { describe, expect, it } from 'vitest'
import { deliveredCodesOf, serialPool } from '../../../src/emulator/services/catalogue/serial-pool.js'
import { testEmulator } from '../../helpers/emulator.js'
import { FaultyIO, journalText, tmpDb } from './store-helpers.js'

const SERIAL = 'prod_demo_serial'
const POOL = Array.from({ length: 2_500 }, (_, i) => `POOL-${String(i).padStart(5, '0')}`)

async function buyOne(emu: Awaited<ReturnType<typeof testEmulator>>) {
  const checkout = await emu.request('/storefront/demo/checkout', {
    method: 'POST',
    json: { items: [{ productId: 'rec_demoSerial001', quantity: 1 }], email: 'pool@example.com' },
  })
  expect(checkout.status).toBe(201)
  const { order } = await checkout.json()
  const paid = await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST', json: {} })
  expect(paid.status).toBe(200)
  return (await paid.json()).items[0].delivery.codes as string[]
}

describe('Serial pools as rows', () => {
  it('journals a sale in a few hundred bytes, whatever the size of the pool', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const emu = await testEmulator({ db, io })
    expect(
      (await emu.request(`/_emulator/products/${SERIAL}/fulfilment`, { method: 'PUT', json: { serials: POOL } }))
        .status,
    ).toBe(200)
    const sale = async () => {
      const before = io.appends.length
      const codes = await buyOne(emu)
      return { codes, bytes: io.appends.slice(before).reduce((a, b) => a + b, 0) }
    }
    const first = await sale()
    const second = await sale()
    for (let i = 0; i < 19; i++) await sale()
    const later = await sale()
    expect(first.codes).toEqual([POOL[0]])
    expect(later.codes).toEqual([POOL[21]])
    // Checkout + pay, events included; the pool's part is a delete, a delivered code and the setup's timestamp.
    expect(later.bytes).toBeLessThan(20_000)
    // The first sale also adds the buyer's customer row; later ones change its totals.
    expect(Math.abs(later.bytes - second.bytes)).toBeLessThan(200)
    const line = journalText(db).trim().split('\n').at(-1)!
    expect(line).not.toContain(POOL[100])
    expect(serialPool(emu.store.collections, SERIAL)).toEqual(POOL.slice(22))
    expect(deliveredCodesOf(emu.store.collections, SERIAL).sort()).toEqual(POOL.slice(0, 22))
    const setup = await (await emu.request(`/_emulator/products/${SERIAL}/fulfilment`)).json()
    expect(setup).toMatchObject({ serials: POOL.slice(22), stock: POOL.length - 22 })
    await emu.store.close()
  })

  it("deletes a product's pool and delivered codes with the product", async () => {
    const emu = await testEmulator()
    await emu.request(`/_emulator/products/${SERIAL}/fulfilment`, { method: 'PUT', json: { serials: ['A', 'B', 'C'] } })
    await buyOne(emu)
    expect((await emu.request(`/api/v1/products/${SERIAL}`, { method: 'DELETE' })).status).toBe(200)
    expect([emu.store.collections.serials.size, emu.store.collections.deliveredCodes.size]).toEqual([0, 0])
  })
})
