import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { E2E_KEY, call, ensureBuilt, startServe, tmpFolder, type ServeProcess } from '../e2e/serve-process.js'
import { independentlyVerifyOpen } from '../helpers/independent-verifier.js'
import { lastSequence, lcg, limited, openEventStream, type StreamedEvent } from './helpers.js'

/**
 * Concurrency: hundreds of buyers at once against `store serve` (a child process on a
 * file db, real HTTP), on scarce stock: a Serial product with a small code pool, a mystery box
 * whose outcomes carry codes, and a Physical product with a stock count. Every buyer checks out and
 * pays at the same time as the others; some pay twice at once, some pay in two parts. Then:
 * no oversell, no code delivered twice, no acknowledged order or payment lost across a SIGKILL
 * restart, and the event log in order (sequence strictly increasing, each order created before
 * it is paid), live over SSE and as replayed from the db after the restart.
 */

const BUYERS = 400
const SERIALS = Array.from({ length: 40 }, (_, i) => `SCARCE-${String(i).padStart(3, '0')}`)
const OUTCOMES = [
  { name: 'Legendary', weight: 1, codes: Array.from({ length: 5 }, (_, i) => `LEG-${i}`) },
  { name: 'Rare', weight: 4, codes: Array.from({ length: 15 }, (_, i) => `RARE-${i}`) },
  { name: 'Common', weight: 10, codes: Array.from({ length: 40 }, (_, i) => `COM-${i}`) },
]
const BOXES = OUTCOMES.reduce((sum, o) => sum + o.codes.length, 0)
const PHYSICAL_STOCK = 25

interface Line {
  id: string
  productId: string
  quantity: number
  delivery?: { status: string; codes?: string[]; reason?: string | null }
  taken?: number
  mystery?: { commitment: string; serverSeed?: string; opens: any[] }
}
interface Order {
  id: string
  orderNumber: string
  status: string
  paymentStatus: string
  total: number
  items: Line[]
}
interface Product {
  id: string
  productId: string
}
interface Scarce {
  serial: Product
  mystery: Product
  physical: Product
}
interface Buyer {
  n: number
  checkout: number
  order?: Order
  pays: number[]
  paidAck: boolean
  error?: string
}

const { dir, remove } = tmpFolder('store-concurrency-')
let server: ServeProcess | undefined
beforeAll(() => ensureBuilt(), 120_000)
afterAll(async () => {
  await server?.stop('SIGKILL')
  remove()
})

async function expectJson<T>(res: Response, status: number | number[], what: string): Promise<T> {
  const text = await res.text()
  if (!(Array.isArray(status) ? status : [status]).includes(res.status))
    throw new Error(`${what} answered ${res.status}: ${text}`)
  return JSON.parse(text) as T
}

describe(`${BUYERS} buyers at once against store serve`, () => {
  it('never oversells, never repeats a code, loses no acknowledged order, and logs events in order', async () => {
    const seed = Number(process.env.STRESS_SEED ?? Date.now() % 2 ** 31)
    const random = lcg(seed)
    const context = `(STRESS_SEED=${seed})`
    const db = join(dir, 'db.json')
    const start = async () =>
      (server = await startServe([
        '--port',
        '0',
        '--db',
        db,
        '--api-key',
        E2E_KEY,
        '--seed',
        'empty',
        '--quiet',
        // Hundreds of buyers from one address: the per-visitor limit would turn most away.
        '--storefront-rate-limit',
        'off',
      ]))
    let s = await start()

    const product = async (body: Record<string, unknown>, setup?: Record<string, unknown>) => {
      const created = await expectJson<{ id: string; productId: string }>(
        await call(s.api, '/products', { method: 'POST', json: { price: 4, status: 'Live', ...body } }),
        201,
        'create product',
      )
      if (setup)
        await expectJson(
          await call(s.origin, `/_emulator/products/${created.id}/fulfilment`, { method: 'PUT', json: setup }),
          200,
          'fulfilment setup',
        )
      return created
    }
    /** A Serial product with a small pool, a mystery box with coded outcomes, a Physical product with a stock count. */
    const scarce = async (wave: string): Promise<Scarce> => ({
      serial: await product({ name: `Scarce Key ${wave}`, type: 'Serial' }, { serials: SERIALS }),
      mystery: await product(
        { name: `Scarce Box ${wave}`, type: 'MysteryBox' },
        { mystery: { outcomes: OUTCOMES.map((o) => ({ ...o, stock: o.codes.length })) } },
      ),
      physical: await product({ name: `Scarce Shirt ${wave}`, type: 'Physical', stock: PHYSICAL_STOCK }),
    })
    const waves = { racingPayments: await scarce('A'), interleaved: await scarce('B') }

    const live = await openEventStream(s.origin)

    const checkout = async (n: number, p: Scarce): Promise<Buyer> => {
      const qty = 1 + Math.floor(random() * 3)
      const items =
        n % 4 === 0
          ? [{ productId: p.serial.productId, quantity: Math.min(qty, 2) }]
          : n % 4 === 1
            ? [{ productId: p.mystery.productId, quantity: Math.min(qty, 2) }]
            : n % 4 === 2
              ? [{ productId: p.physical.productId, quantity: qty }]
              : [
                  { productId: p.serial.productId, quantity: 1 },
                  { productId: p.mystery.productId, quantity: 1 },
                  { productId: p.physical.productId, quantity: 1 },
                ]
      const res = await fetch(`${s.origin}/storefront/demo/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items,
          email: `buyer${n}@example.com`,
          customFields: { __mysteryClientSeed: `buyer-${n}` },
        }),
      })
      const placed = (await res.json()) as { order?: Order; error?: string }
      return { n, checkout: res.status, order: placed.order, pays: [], paidAck: false, error: placed.error }
    }
    const pay = async (buyer: Buyer): Promise<Buyer> => {
      if (buyer.checkout !== 201) return buyer
      const r = random()
      const once = (json?: unknown) =>
        call(s.origin, `/_emulator/orders/${buyer.order!.id}/pay`, { method: 'POST', json })
      // Some pay in two parts, some send the same payment three times at once, the rest once.
      const answers: Response[] = []
      if (r < 0.15 && buyer.order!.total > 1) {
        answers.push(await once({ amount: 1 }))
        answers.push(await once())
      } else if (r < 0.35) answers.push(...(await Promise.all([once(), once(), once()])))
      else answers.push(await once())
      buyer.pays = answers.map((a) => a.status)
      for (const a of answers) {
        const order = (await a.json()) as Order
        if (a.status === 200 && order.paymentStatus === 'paid') buyer.paidAck = true
      }
      return buyer
    }

    const started = performance.now()
    // Wave A: every checkout at once (stock is taken at payment, so all are accepted), then every payment at once.
    const checkedOut = await Promise.all(Array.from({ length: BUYERS }, (_, n) => checkout(n, waves.racingPayments)))
    const waveA = await Promise.all(checkedOut.map(pay))
    // Wave B: buyers arriving over 1.5 s who check out and pay at once, while others do the same;
    // late ones find the stock gone at checkout (409).
    const arrivals = Array.from({ length: BUYERS / 2 }, () => random() * 1_500)
    const waveB = await Promise.all(
      arrivals.map(async (at, n) => {
        await new Promise((resolve) => setTimeout(resolve, at))
        return pay(await checkout(BUYERS + n, waves.interleaved))
      }),
    )
    const loadMs = performance.now() - started
    const buyers = [...waveA, ...waveB]

    // Every answer was a decision, never a failure.
    const statuses = buyers.flatMap((b) => [b.checkout, ...b.pays])
    expect(
      statuses.filter((st) => st >= 500),
      context,
    ).toEqual([])
    expect(
      waveA.every((b) => b.checkout === 201),
      `${context} wave A checkouts: ${waveA.map((b) => b.error).filter(Boolean)}`,
    ).toBe(true)
    for (const b of buyers) {
      expect([201, 409], `${context} checkout of buyer ${b.n}: ${b.error}`).toContain(b.checkout)
      if (b.checkout === 409) expect(b.error, context).toMatch(/in stock/)
      expect(
        b.pays.every((st) => st === 200),
        `${context} pays of buyer ${b.n}: ${b.pays}`,
      ).toBe(true)
    }
    const placed = buyers.filter((b) => b.checkout === 201)
    const turnedAway = waveB.filter((b) => b.checkout === 409).length
    expect(
      placed.every((b) => b.paidAck),
      context,
    ).toBe(true)

    // The orders as stored now.
    const orders = await limited(
      50,
      placed.map(
        (b) => async () =>
          expectJson<Order>(await call(s.api, `/orders/${b.order!.id}`), 200, `order ${b.order!.orderNumber}`),
      ),
    )
    const lines = orders.flatMap((o) => o.items.map((line) => ({ order: o, line })))
    for (const { order, line } of lines) {
      expect(order.paymentStatus, context).toBe('paid')
      expect(['delivered', 'undelivered', 'awaiting_shipment'], context).toContain(line.delivery?.status)
      if (line.delivery?.status === 'undelivered') expect(line.delivery.reason, context).toMatch(/^out of stock: /)
    }
    const summary: string[] = []
    for (const [wave, p] of Object.entries(waves))
      summary.push(
        `${wave}: ${await checkStock(
          s,
          p,
          lines.map(({ line }) => line),
          `${context} ${wave}`,
          wave === 'racingPayments',
        )}`,
      )

    // Events, live: sequence strictly increasing by one, every order created before it is paid.
    const newest = await lastSequence(s.origin)
    await live.waitForSequence(newest)
    await live.close()
    checkEventOrder(live.events, orders, context)

    // SIGKILL, restart: every acknowledged order and payment is there, and the log replays the same.
    s.child.kill('SIGKILL')
    await s.exited
    s = await start()
    const after = await limited(
      50,
      orders.map(
        (o) => async () =>
          expectJson<Order>(await call(s.api, `/orders/${o.id}`), 200, `order ${o.orderNumber} after the restart`),
      ),
    )
    expect(after, `${context} orders changed across the restart`).toEqual(orders)
    expect(await lastSequence(s.origin)).toBe(newest)
    const replay = await openEventStream(s.origin, '0')
    await replay.waitForSequence(newest)
    await replay.close()
    // The replay is the whole log from 1 (setup included); the live stream began after the setup.
    expect(
      replay.events.map((e) => e.sequence),
      context,
    ).toEqual(Array.from({ length: newest }, (_, i) => i + 1))
    expect(
      replay.events.filter((e) => e.sequence >= live.events[0].sequence).map((e) => [e.sequence, e.event, e.id]),
      context,
    ).toEqual(live.events.filter((e) => e.sequence <= newest).map((e) => [e.sequence, e.event, e.id]))
    await s.stop('SIGTERM')
    console.log(
      `concurrency ${context}: ${buyers.length} buyers in ${Math.round(loadMs)} ms; ${placed.length} orders (${turnedAway} turned away at checkout), ${statuses.length} checkouts and payments; ${live.events.length} events in order\n  ${summary.join('\n  ')}`,
    )
  })
})

/**
 * No oversell on one wave's products: each code at most once and only from its pool, stock counts
 * equal to what is left, every mystery open verifiable. When payments raced for more than there
 * was, all of it (but for a line too big for the rest) was delivered.
 */
async function checkStock(
  s: ServeProcess,
  p: Scarce,
  lines: Line[],
  context: string,
  isOverDemanded: boolean,
): Promise<string> {
  const ofProduct = (id: string) => lines.filter((line) => line.productId === id)
  const getJson = async <T>(base: string, path: string) => expectJson<T>(await call(base, path), 200, path)

  // Serial: each code at most once, only codes of the pool, stock and pool follow what was delivered.
  const serialCodes = ofProduct(p.serial.id).flatMap((line) => {
    expect(line.delivery!.codes?.length ?? 0, context).toBeLessThanOrEqual(line.quantity)
    return line.delivery!.codes ?? []
  })
  expect(new Set(serialCodes).size, `${context} a serial code delivered twice`).toBe(serialCodes.length)
  expect(
    serialCodes.every((c) => SERIALS.includes(c)),
    context,
  ).toBe(true)
  expect((await getJson<{ stock: number }>(s.api, `/products/${p.serial.id}`)).stock, context).toBe(
    SERIALS.length - serialCodes.length,
  )
  const setup = await getJson<{ serials: string[] }>(s.origin, `/_emulator/products/${p.serial.id}/fulfilment`)
  expect([...setup.serials, ...serialCodes].sort(), context).toEqual([...SERIALS].sort())

  // Mystery: each open verifies, each code at most once, no outcome beyond its stock, one server seed per line.
  const boxLines = ofProduct(p.mystery.id)
  const opens = boxLines.flatMap((line) => (line.mystery?.opens ?? []).map((open) => ({ line, open })))
  for (const { line, open } of opens)
    expect(independentlyVerifyOpen(open, line.mystery!.commitment), context).toEqual([])
  const boxCodes = opens.map(({ open }) => open.code as string)
  expect(boxCodes.every(Boolean), context).toBe(true)
  expect(new Set(boxCodes).size, `${context} a mystery code delivered twice`).toBe(boxCodes.length)
  for (const outcome of OUTCOMES) {
    const won = opens.filter(({ open }) => open.outcome === outcome.name)
    expect(won.length, `${context} ${outcome.name} won more often than its stock`).toBeLessThanOrEqual(
      outcome.codes.length,
    )
    expect(
      won.every(({ open }) => outcome.codes.includes(open.code)),
      context,
    ).toBe(true)
  }
  expect(opens.length, context).toBeLessThanOrEqual(BOXES)
  const seeds = boxLines.filter((line) => line.mystery?.serverSeed).map((line) => line.mystery!.serverSeed)
  expect(new Set(seeds).size, `${context} a server seed served two lines`).toBe(seeds.length)
  expect((await getJson<{ stock: number }>(s.api, `/products/${p.mystery.id}`)).stock, context).toBe(
    BOXES - opens.length,
  )

  // Physical: units taken never exceed the stock count, which never goes below zero.
  const shipped = ofProduct(p.physical.id).reduce((sum, line) => sum + (line.taken ?? 0), 0)
  expect(shipped, context).toBeLessThanOrEqual(PHYSICAL_STOCK)
  expect((await getJson<{ stock: number }>(s.api, `/products/${p.physical.id}`)).stock, context).toBe(
    PHYSICAL_STOCK - shipped,
  )

  if (isOverDemanded) {
    const demand = (id: string) => ofProduct(id).reduce((sum, line) => sum + line.quantity, 0)
    expect(demand(p.serial.id), 'the wave must ask for more than there is').toBeGreaterThan(SERIALS.length)
    expect(demand(p.mystery.id)).toBeGreaterThan(BOXES)
    expect(demand(p.physical.id)).toBeGreaterThan(PHYSICAL_STOCK)
    // Whatever is left is less than the smallest line still waiting (lines are whole: 1 to 3 units).
    expect(serialCodes.length, context).toBeGreaterThanOrEqual(SERIALS.length - 1)
    expect(opens.length, context).toBeGreaterThanOrEqual(BOXES - 1)
    expect(shipped, context).toBeGreaterThanOrEqual(PHYSICAL_STOCK - 2)
  }
  return `${serialCodes.length}/${SERIALS.length} codes, ${opens.length}/${BOXES} boxes, ${shipped}/${PHYSICAL_STOCK} shirts taken`
}

function checkEventOrder(events: StreamedEvent[], orders: Order[], context: string): void {
  expect(events.length, context).toBeGreaterThan(orders.length * 2)
  events.forEach((event, i) => {
    expect(event.sseId, context).toBe(event.sequence)
    if (i > 0)
      expect(event.sequence, `${context} event ${i} after ${events[i - 1].sequence}`).toBe(events[i - 1].sequence + 1)
  })
  const seqOf = new Map<string, number>()
  for (const event of events) {
    const orderId = (event.data.uniqid ?? event.data.orderId) as string | undefined
    if (orderId && !seqOf.has(`${orderId} ${event.event}`)) seqOf.set(`${orderId} ${event.event}`, event.sequence)
  }
  for (const order of orders) {
    const created = seqOf.get(`${order.id} order:created`)
    const paid = seqOf.get(`${order.id} order:paid`)
    expect(created, `${context} no order:created for ${order.orderNumber}`).toBeDefined()
    expect(paid, `${context} no order:paid for ${order.orderNumber}`).toBeDefined()
    expect(created!, `${context} ${order.orderNumber} paid before it was created`).toBeLessThan(paid!)
    const partial = seqOf.get(`${order.id} order:partial`)
    if (partial !== undefined) expect(partial, context).toBeLessThan(paid!)
    const revealed = seqOf.get(`${order.id} product:mystery:revealed`)
    if (revealed !== undefined) expect(revealed, context).toBeGreaterThan(paid!)
    // Each kind once per order (the :product variants once per line).
    const kinds = events
      .filter((e) => e.data.uniqid === order.id && (e.event === 'order:created' || e.event === 'order:paid'))
      .map((e) => e.event)
    expect(kinds.sort(), `${context} ${order.orderNumber}`).toEqual(['order:created', 'order:paid'])
  }
}
