import { readFileSync, writeFileSync } from 'node:fs'
import { Agent, request, type IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_SEED_PATH } from '../helpers/emulator.js'
import { E2E_KEY, call, ensureBuilt, startServe, tmpFolder, type ServeProcess } from '../e2e/serve-process.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * Answers only from durable state: two clients pay one order at once against `store serve`, and
 * the process is killed (SIGKILL) the moment the first answer saying "paid" arrives, whichever of
 * the two it is. The second pay finds the order paid by the first one's transaction; answering it
 * before that transaction is on disk would acknowledge a payment a crash then takes back. After
 * the restart, every acknowledged payment must be there with the codes it handed out, and those
 * codes must not be back in the pool.
 */

const ROUNDS = 30
const SERIAL_PRODUCT = 'prod_demo_serial'

interface PaidOrder {
  id: string
  paymentStatus: string
  items: { delivery?: { status: string; codes?: string[] } }[]
}

/** The demo shop with a pool large enough for every round. */
function seedWithCodes(dir: string): string {
  const seed = JSON.parse(readFileSync(DEMO_SEED_PATH, 'utf8')) as {
    products: { id: string; fulfilment?: { serials?: string[] } }[]
  }
  const serial = seed.products.find((p) => p.id === SERIAL_PRODUCT)!
  serial.fulfilment!.serials = Array.from({ length: ROUNDS + 10 }, (_, i) => `RACE-${String(i).padStart(4, '0')}`)
  const path = join(dir, 'seed.json')
  writeFileSync(path, JSON.stringify(seed))
  return path
}

/** A POST that resolves as soon as the answer's head arrives, before its body is read. */
function post(agent: Agent, url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { authorization: `Bearer ${E2E_KEY}` } }, resolve)
    req.on('error', reject)
    req.end()
  })
}

function readBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => (text += chunk))
    res.on('end', () => resolve(text))
    res.on('error', reject)
    res.on('aborted', () => reject(new Error('answer cut off')))
  })
}

const { dir, remove } = tmpFolder('store-kill-')
let live: ServeProcess | undefined

beforeAll(() => ensureBuilt(), 120_000)
afterAll(async () => {
  await live?.stop('SIGKILL')
  remove()
})

describe('store serve killed right after a payment is answered', { timeout: scaled(240_000) }, () => {
  it(`keeps every acknowledged payment of two concurrent pays over ${ROUNDS} kills`, async () => {
    const db = join(dir, 'db.json')
    const seed = seedWithCodes(dir)
    const start = async () => {
      live = await startServe(['--port', '0', '--db', db, '--api-key', E2E_KEY, '--seed', seed, '--quiet'])
      return live
    }
    const acknowledged = new Map<string, string[]>()
    const lost = new Map<string, string>()
    /** Checks the given orders (each round's after its restart, all of them at the end). */
    const check = async (server: ServeProcess, orderIds: Iterable<string>) => {
      const pool = (await (await call(server.origin, `/_emulator/products/${SERIAL_PRODUCT}/fulfilment`)).json()) as {
        serials: string[]
      }
      for (const orderId of orderIds) {
        const codes = acknowledged.get(orderId)
        if (!codes) continue
        const order = (await (await call(server.api, `/orders/${orderId}`)).json()) as PaidOrder
        const kept = order.paymentStatus === 'paid' && order.items[0].delivery?.codes?.join() === codes.join()
        const isBackInPool = codes.some((code) => pool.serials.includes(code))
        if (!kept || isBackInPool)
          lost.set(orderId, `${order.paymentStatus}, codes ${codes.join()} back in the pool: ${isBackInPool}`)
      }
    }

    let server = await start()
    let round = 0
    for (; acknowledged.size < ROUNDS; round++) {
      // A round whose answer the kill cut off acknowledged nothing; a few are allowed for.
      expect(round, 'rounds without an acknowledged payment').toBeLessThan(ROUNDS + 10)
      const checkout = await fetch(`${server.origin}/storefront/demo/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [{ productId: 'rec_demoSerial001', quantity: 1 }],
          email: `race${round}@example.com`,
          name: 'Race',
        }),
      })
      expect(checkout.status).toBe(201)
      const { order } = (await checkout.json()) as { order: { id: string } }

      // Two connections opened beforehand, so both pays reach the server at the same moment.
      const agent = new Agent({ keepAlive: true, maxSockets: 2 })
      const orderUrl = `${server.api}/orders/${order.id}`
      await Promise.all(
        [0, 1].map(
          () =>
            new Promise<void>((resolve, reject) =>
              request(orderUrl, { agent, headers: { authorization: `Bearer ${E2E_KEY}` } }, (res) =>
                readBody(res).then(() => resolve(), reject),
              )
                .on('error', reject)
                .end(),
            ),
        ),
      )
      let isKilled = false
      const pay = async () => {
        try {
          const res = await post(agent, `${server.origin}/_emulator/orders/${order.id}/pay`)
          if (!isKilled) {
            isKilled = true
            server.child.kill('SIGKILL')
          }
          // The body came with the head or is lost with the process: only a whole answer acknowledges.
          const text = await readBody(res)
          if (res.statusCode !== 200) throw new Error(`pay answered ${res.statusCode}: ${text}`)
          const paid = JSON.parse(text) as PaidOrder
          if (paid.paymentStatus === 'paid') acknowledged.set(order.id, paid.items[0].delivery?.codes ?? [])
        } catch (error) {
          // An answer cut off by the kill acknowledged nothing.
          if (!isKilled) throw error
        }
      }
      await Promise.all([pay(), pay()])
      agent.destroy()
      expect((await server.exited).signal).toBe('SIGKILL')
      server = await start()
      await check(server, [order.id])
    }
    await check(server, acknowledged.keys())
    await server.stop('SIGTERM')
    console.log(
      `kill after answer: ${round} rounds, ${acknowledged.size} orders with an acknowledged payment, ${lost.size} lost`,
    )
    expect([...lost].map(([id, reason]) => `order ${id}: ${reason}`)).toEqual([])
  })
})
