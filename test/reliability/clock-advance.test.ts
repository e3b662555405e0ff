import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tmpFolder } from '../e2e/serve-process.js'
import { testEmulator } from '../helpers/emulator.js'
import { subscribe } from './helpers.js'

/** A long clock advance: bounded transactions in time order, other requests answered meanwhile. */

const DAY = 86_400
const folders: { remove: () => void }[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove()
})

describe('POST /_emulator/clock/advance over a long stretch', () => {
  it('applies the work in many small transactions while other requests see a consistent clock, then answers exact counts', async () => {
    const folder = tmpFolder('store-clock-')
    folders.push(folder)
    const emu = await testEmulator({ db: join(folder.dir, 'store.json') })
    await subscribe(emu, 50, { interval: 'MONTH', intervalCount: 1 })
    const shop = emu.services.storefront.shop('demo')
    const seqBefore = emu.services.events.lastCommittedSeq()
    const ordersBefore = emu.services.orders.list(shop, Infinity).length

    let transactions = 0
    let largest = 0
    const onCommit = emu.store.onCommit!
    emu.store.onCommit = (tx) => {
      transactions++
      largest = Math.max(largest, tx.ops.filter((op) => op.c === 'subscriptions').length)
      onCommit(tx)
    }
    let answered = false
    const advance = emu
      .request('/_emulator/clock/advance', { method: 'POST', json: { seconds: 730 * DAY } })
      .finally(() => (answered = true))

    // Between two transactions the world is whole: the clock at T, nothing due before T left undone.
    let looks = 0
    let sawMidway = false
    const [account] = emu.services.accounts.all()
    while (!answered) {
      const now = emu.services.clock.state(account).now
      for (const s of emu.services.subscriptions.list(shop)) expect(s.currentPeriodEnd >= now).toBe(true)
      if (now > '2026-06-01T12:00:00.000Z' && now < '2028-05-31T12:00:00.000Z') sawMidway = true
      const other = await emu.request('/api/v1/products?limit=1')
      expect(other.status).toBe(200)
      looks++
      // In-process requests resolve without I/O: give the advance's turns and writes their chance.
      await new Promise((resolve) => setImmediate(resolve))
    }
    const res = await advance
    expect(res.status).toBe(200)
    // Monthly from 2026-06-01 for 730 days: 23 renewals, and 24 notices (the last for 2028-06-01).
    expect(await res.json()).toEqual({
      now: '2028-05-31T12:00:00.000Z',
      offsetSeconds: 730 * DAY,
      due: { upcoming: 50 * 24, trialsEnded: 0, renewed: 50 * 23 },
    })
    expect(looks).toBeGreaterThan(1)
    expect(sawMidway).toBe(true)
    expect(transactions).toBeGreaterThan(10)
    expect(largest).toBeLessThanOrEqual(100)
    // Two events per notice, four per renewal, one paid order per renewal.
    expect(emu.services.events.lastCommittedSeq() - seqBefore).toBe(50 * 24 * 2 + 50 * 23 * 4)
    expect(emu.services.orders.list(shop, Infinity).length - ordersBefore).toBe(50 * 23)

    // Each transaction recorded the offset it reached: a restart finds the clock and the work together.
    await emu.stop()
    const again = await testEmulator({ db: join(folder.dir, 'store.json') })
    expect(again.services.clock.state(again.services.accounts.all()[0])).toEqual({
      now: '2028-05-31T12:00:00.000Z',
      offsetSeconds: 730 * DAY,
    })
    expect(again.services.orders.list(again.services.storefront.shop('demo'), Infinity).length - ordersBefore).toBe(
      50 * 23,
    )
    await again.stop()
  })

  it('runs two advances sent at once one after the other', async () => {
    const emu = await testEmulator()
    await subscribe(emu, 5, { interval: 'MONTH', intervalCount: 1 })
    const send = () => emu.request('/_emulator/clock/advance', { method: 'POST', json: { seconds: 365 * DAY } })
    const [first, second] = await Promise.all([send(), send()])
    expect(((await first.json()) as { now: string }).now).toBe('2027-06-01T12:00:00.000Z')
    expect(((await second.json()) as { now: string }).now).toBe('2028-05-31T12:00:00.000Z')
  })
})
