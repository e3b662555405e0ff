import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { FaultyIO, journalLines, tmpDb } from '../emulator/store/store-helpers.js'

/**
 * Answers only from durable state, with a disk that works but is slow: an answer that could show
 * a change another request made leaves once that change is on disk, not before.
 */
describe('commit-wait', () => {
  it('answers a list that shows a pending create only once the create is on disk', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const emu = await testEmulator({ db, io, seed: 'empty' })
    io.appendDelayMs = 30
    const create = emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'Pending', price: 1, type: 'Digital', status: 'Live' },
    })
    // The create is applied to memory as soon as its body is read: list until the list shows it.
    let onDisk: boolean | undefined
    for (let tries = 0; onDisk === undefined; tries++) {
      expect(tries).toBeLessThan(1000)
      await new Promise((resolve) => setImmediate(resolve))
      const res = await emu.request('/api/v1/products')
      const { products } = (await res.json()) as { products: { name: string }[] }
      if (products.length > 0) onDisk = journalLines(db).some((line) => line.includes('"Pending"'))
    }
    expect(onDisk).toBe(true)
    expect((await create).status).toBe(201)
    await emu.store.close()
  })
})
