import { unlinkSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { FaultyIO, tmpDb } from '../emulator/store/store-helpers.js'

/**
 * Disk errors, for the commerce writes: test/emulator/store/store.test.ts shows a
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

/**
 * Answers only from durable state, with a failing disk: a change is visible in memory while its
 * append is under way, and the disk then refuses it. No answer given meanwhile — a list, a read,
 * a second pay that finds the order paid — may show what was rolled back.
 */
describe('disk errors under concurrent requests', () => {
  const PRODUCT = { price: 3, type: 'Digital', status: 'Live' } as const

  /**
   * Runs `read` over and over, one at a time, until `work` settles; returns every answer read.
   * Each read waits a turn of the event loop first, so the disk's timers get to run meanwhile.
   */
  async function readWhile<T>(work: Promise<unknown>, read: () => Promise<T>): Promise<T[]> {
    let isDone = false
    const settled = work.finally(() => (isDone = true))
    const answers: T[] = []
    while (!isDone) {
      await new Promise((resolve) => setImmediate(resolve))
      answers.push(await read())
    }
    await settled
    return answers
  }

  it('never lists a product whose create was answered 500', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const emu = await testEmulator({ db, io, seed: 'empty' })
    io.appendDelayMs = 10
    const refused = new Set<string>()
    const listed = new Set<string>()
    let lists = 0
    for (let round = 0; round < 8; round++) {
      if (round % 2 === 1) io.failAppend = 'ENOSPC'
      else io.heal()
      const creates = Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const name = `r${round} c${i}`
          const res = await emu.request('/api/v1/products', { method: 'POST', json: { ...PRODUCT, name } })
          if (res.status === 500) refused.add(name)
          else expect(res.status).toBe(201)
        }),
      )
      const answers = await readWhile(creates, async () => {
        const res = await emu.request('/api/v1/products?limit=100')
        if (res.status === 200) return ((await res.json()) as { products: { name: string }[] }).products
        // A list that may have seen a change the disk then refused is answered with the storage error.
        await expectStorage500(res)
        return []
      })
      lists += answers.length
      for (const products of answers) for (const { name } of products) listed.add(name)
    }
    expect(refused.size).toBeGreaterThan(0)
    expect(lists).toBeGreaterThan(8)
    expect([...listed].filter((name) => refused.has(name))).toEqual([])
    io.heal()
    await emu.store.close()
  })

  it('never reports a refused payment as paid, to the payer, a second payer or a reader', async () => {
    const { io, emu, checkout } = await faultyShop()
    const orders: string[] = []
    for (let i = 0; i < 6; i++) orders.push(((await (await checkout()).json()) as { order: { id: string } }).order.id)
    io.appendDelayMs = 10
    io.failAppend = 'ENOSPC'
    const reportedPaid: string[] = []
    const noteAnswer = async (who: string, res: Response) => {
      if (res.status !== 200) return expectStorage500(res)
      const order = (await res.json()) as { id: string; paymentStatus: string }
      if (order.paymentStatus === 'paid') reportedPaid.push(`${who} saw ${order.id} paid`)
    }
    for (const id of orders) {
      const pay = (who: string) =>
        emu.request(`/_emulator/orders/${id}/pay`, { method: 'POST' }).then((res) => noteAnswer(who, res))
      const pays = Promise.all([pay('the payer'), pay('a second payer')])
      const reads = await readWhile(pays, () => emu.request(`/api/v1/orders/${id}`))
      for (const res of reads) await noteAnswer('a reader', res)
    }
    expect(reportedPaid).toEqual([])
    io.heal()
    for (const id of orders)
      expect(
        ((await (await emu.request(`/api/v1/orders/${id}`)).json()) as { paymentStatus: string }).paymentStatus,
      ).toBe('unpaid')
    await emu.store.close()
  })
})
