import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { deliveredCodesOf, serialPool } from '../../../src/emulator/services/catalogue/serial-pool.js'
import { testEmulator } from '../../helpers/emulator.js'
import { FaultyIO, tmpDb } from './store-helpers.js'

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
    const line = readFileSync(`${db}.journal`, 'utf8').trim().split('\n').at(-1)!
    expect(line).not.toContain(POOL[100])
    expect(serialPool(emu.store.c, SERIAL)).toEqual(POOL.slice(22))
    expect(deliveredCodesOf(emu.store.c, SERIAL).sort()).toEqual(POOL.slice(0, 22))
    const setup = await (await emu.request(`/_emulator/products/${SERIAL}/fulfilment`)).json()
    expect(setup).toMatchObject({ serials: POOL.slice(22), stock: POOL.length - 22 })
    await emu.store.close()
  })

  it('loads pools stored as arrays on the setup row by an earlier version, from the db file and from the journal', async () => {
    const { db } = tmpDb()
    const first = await testEmulator({ db })
    await first.store.close()
    // Rewrite the file as an earlier version stored it: the pool and the delivered codes as arrays.
    const file = JSON.parse(readFileSync(db, 'utf8'))
    const setup = file.fulfilments.find((f: { id: string }) => f.id === SERIAL)
    const { serialPool: _flag, ...legacy } = setup
    file.fulfilments = file.fulfilments.map((f: { id: string }) =>
      f.id === SERIAL ? { ...legacy, serials: ['OLD-1', 'OLD-2', 'OLD-3'], deliveredCodes: ['GONE-1'] } : f,
    )
    file.serials = file.serials.filter((s: { productId: string }) => s.productId !== SERIAL)
    delete file.checksum
    writeFileSync(db, JSON.stringify(file))

    const second = await testEmulator({ db })
    expect((await (await second.request(`/_emulator/products/${SERIAL}/fulfilment`)).json()).serials).toEqual([
      'OLD-1',
      'OLD-2',
      'OLD-3',
    ])
    const refused = await second.request(`/_emulator/products/${SERIAL}/fulfilment`, {
      method: 'PUT',
      json: { serials: ['NEW-1', 'GONE-1'] },
    })
    expect(refused.status).toBe(409)
    expect(await buyOne(second)).toEqual(['OLD-1'])
    await second.store.settle()
    // A journal line holding the earlier row, after the sale (a crash before any fold): replayed as it meant.
    const seq = (JSON.parse(readFileSync(`${db}.journal`, 'utf8').trim().split('\n').at(-1)!) as { seq: number }).seq
    appendFileSync(
      `${db}.journal`,
      `${JSON.stringify({ seq: seq + 1, ops: [{ c: 'fulfilments', put: { ...legacy, serials: ['JOURNAL-1', 'JOURNAL-2'], deliveredCodes: ['GONE-2'] } }] })}\n`,
    )
    const lock = `${db}.lock`
    writeFileSync(lock, '999999999')
    const third = await testEmulator({ db })
    expect(serialPool(third.store.c, SERIAL)).toEqual(['JOURNAL-1', 'JOURNAL-2'])
    expect(deliveredCodesOf(third.store.c, SERIAL).sort()).toEqual(['GONE-1', 'GONE-2', 'OLD-1'])
    expect(await buyOne(third)).toEqual(['JOURNAL-1'])
    await third.store.close()
    const fourth = await testEmulator({ db })
    expect(serialPool(fourth.store.c, SERIAL)).toEqual(['JOURNAL-2'])
    expect(fourth.store.c.fulfilments.get(SERIAL)).not.toHaveProperty('serials')
    await fourth.store.close()
  })

  it("deletes a product's pool and delivered codes with the product", async () => {
    const emu = await testEmulator()
    await emu.request(`/_emulator/products/${SERIAL}/fulfilment`, { method: 'PUT', json: { serials: ['A', 'B', 'C'] } })
    await buyOne(emu)
    expect((await emu.request(`/api/v1/products/${SERIAL}`, { method: 'DELETE' })).status).toBe(200)
    expect([emu.store.c.serials.size, emu.store.c.deliveredCodes.size]).toEqual([0, 0])
  })
})
