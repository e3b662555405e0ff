import { statSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { testEmulator } from '../../helpers/emulator.js'
import { FaultyIO, tmpDb } from './store-helpers.js'

/**
 * The store: the cost of a write does not grow with the size of the store. Timing is
 * not asserted (machines vary); what a create does to the disk is: it appends the same number of
 * bytes at 10 and at 10,000 products, leaves the db file alone and never serialises the store.
 */
describe('Store: cost of a create', () => {
  it('appends the same bytes and rewrites nothing at 10 and at 10,000 products', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const emu = await testEmulator({ db, io, seed: 'empty' })
    const snapshot = vi.spyOn(emu.store, 'snapshot')
    const create = async (name: string) => {
      const appendsBefore = io.appends.length
      const dbBefore = statSync(db)
      const res = await emu.request('/api/v1/products', {
        method: 'POST',
        json: { name, price: 9.5, type: 'Digital', status: 'Live' },
      })
      expect(res.status).toBe(201)
      const dbAfter = statSync(db)
      expect([dbAfter.size, dbAfter.mtimeMs]).toEqual([dbBefore.size, dbBefore.mtimeMs])
      expect(io.appends.length).toBe(appendsBefore + 1)
      return { bytes: io.appends[io.appends.length - 1], product: await res.json() }
    }

    for (let i = 0; i < 9; i++) await create(`Warm ${i}`)
    const atTen = await create('Measured')
    expect(emu.store.c.products.size).toBe(10)

    const shopId = emu.store.c.products.get(atTen.product.id)!.shopId
    await emu.store.tx((tx) => {
      for (let i = 0; i < 9_990; i++) {
        const n = String(i).padStart(5, '0')
        tx.put('products', {
          ...atTen.product,
          shopId,
          id: `prod_bulk_${n}`,
          productId: `rec_bulk${n}`,
          name: `Bulk ${n}`,
        })
      }
    })
    expect(emu.store.c.products.size).toBe(10_000)
    const atTenThousand = await create('Measured')

    expect(atTenThousand.bytes).toBe(atTen.bytes)
    expect(atTen.bytes).toBeLessThan(4096)
    expect(snapshot).not.toHaveBeenCalled()
    // Lookups by id and productId answer from indexes at any size.
    const byProductId = await emu.request(`/api/v1/products/${atTenThousand.product.productId}`)
    expect(await byProductId.json()).toEqual(atTenThousand.product)
    await emu.store.close()
  })
})
