import { unlinkSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { FaultyIO, tmpDb } from '../emulator/store/store-helpers.js'

/**
 * Issue 7, "disk errors", for the commerce writes: test/emulator/store/store.test.ts shows a
 * refused product create rolled back; here the writes that touch many records at once — a checkout
 * (order, customer, mystery seal and commitment rotation, events) and a payment (stock, code pools,
 * mystery stock, deliveries, events) — fail on the disk, answer 500 JSON, leave every record as it
 * was, and go through once the disk works again, delivering nothing twice.
 */

const ITEMS = [
  { productId: 'rec_demoSerial001', quantity: 2 },
  { productId: 'rec_demoMystery01', quantity: 1 },
  { productId: 'rec_demoPhysical1', quantity: 1 },
]

async function faultyShop() {
  const { db } = tmpDb()
  const io = new FaultyIO()
  const emu = await testEmulator({ db, io })
  const checkout = () =>
    emu.app.request('/storefront/demo/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: ITEMS, email: 'disk@example.com', name: 'Disk' }),
    })
  return {
    db,
    io,
    emu,
    checkout,
    snapshot: () => canonical(emu.store.snapshot() as unknown as Record<string, unknown>),
  }
}

/**
 * The store's content with each collection's rows in a fixed order: a rollback puts rows back
 * where they belong in every index, but need not restore the order rows were first inserted in.
 */
function canonical(snapshot: Record<string, unknown>): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(snapshot).map(([name, rows]) => [
        name,
        Array.isArray(rows) ? rows.map((row) => JSON.stringify(row)).sort() : rows,
      ]),
    ),
  )
}

async function expectStorage500(res: Response) {
  expect(res.status).toBe(500)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  expect(((await res.json()) as { error: string }).error).toMatch(
    /^storage: the change could not be written to .+ and was not saved/,
  )
}

describe('disk errors in checkout and payment', () => {
  it.each([
    ['the append fails', (io: FaultyIO) => (io.failAppend = 'ENOSPC')],
    ['the fsync fails', (io: FaultyIO) => (io.failSync = 'EIO')],
  ])('a checkout refused because %s leaves no order, customer, seal or event behind', async (_case, breakDisk) => {
    const { io, emu, checkout, snapshot } = await faultyShop()
    const events: string[] = []
    emu.services.events.subscribe((e) => events.push(e.kind))
    const before = snapshot()
    breakDisk(io)
    await expectStorage500(await checkout())
    expect(snapshot()).toBe(before)
    expect(events).toEqual([])
    io.heal()
    expect((await checkout()).status).toBe(201)
    expect(events).toContain('order:created')
    await emu.store.close()
  })

  it.each([
    ['the append fails', (io: FaultyIO) => (io.failAppend = 'ENOSPC')],
    ['the fsync fails', (io: FaultyIO) => (io.failSync = 'EIO')],
  ])(
    'a payment refused because %s takes no stock and no code, and the retry delivers each once',
    async (_case, breakDisk) => {
      const { db, io, emu, checkout, snapshot } = await faultyShop()
      const { order } = (await (await checkout()).json()) as { order: { id: string } }
      const before = snapshot()
      breakDisk(io)
      await expectStorage500(await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' }))
      expect(snapshot()).toBe(before)
      expect((await (await emu.request(`/api/v1/orders/${order.id}`)).json()).paymentStatus).toBe('unpaid')

      io.heal()
      const paid = (await (await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })).json()) as {
        paymentStatus: string
        items: { delivery: { status: string; codes?: string[] } }[]
      }
      expect(paid.paymentStatus).toBe('paid')
      // The pool kept its order through the rollback: the first two codes go out.
      expect(paid.items[0].delivery).toMatchObject({ status: 'delivered', codes: ['KEY-AAAA-0001', 'KEY-AAAA-0002'] })
      expect(paid.items[1].delivery.status).toBe('delivered')
      const again = (await (
        await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
      ).json()) as typeof paid
      expect(again.items).toEqual(paid.items)

      // What the restarted emulator reads back is what was answered.
      await emu.store.close()
      const reopened = await testEmulator({ db })
      expect((await (await reopened.request(`/api/v1/orders/${order.id}`)).json()).items).toEqual(paid.items)
      await reopened.store.close()
      try {
        unlinkSync(`${db}.lock`)
      } catch {
        /* closed cleanly: no lock left */
      }
    },
  )
})
