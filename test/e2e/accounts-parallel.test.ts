// Done-when of the test-infrastructure work: eight workers share one `store serve`, each in an
// account of its own, and none sees another's orders, events, webhooks or clock.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestAccount, type TestAccount } from '../../src/testing/index.js'
import { DEMO_SEED_PATH } from '../helpers/emulator.js'
import { startTestReceiver } from '../helpers/receiver.js'
import { ensureBuilt, startServe, tmpFolder, type ServeProcess } from './serve-process.js'
import { scaled } from '../helpers/time-scale.js'

const DEMO_ORDERS = (JSON.parse(readFileSync(DEMO_SEED_PATH, 'utf8')) as { orders: { customerEmail: string }[] }).orders
const ADMIN_KEY = 'sk_admin_parallel_0123456789'
const WORKERS = 8
const DAY = 86_400

let serve: ServeProcess
const folder = tmpFolder()
beforeAll(async () => {
  ensureBuilt()
  serve = await startServe(['--port', '0', '--db', `${folder.dir}/store.json`, '--admin-key', ADMIN_KEY, '--quiet'])
})
afterAll(async () => {
  await serve?.stop()
  folder.remove()
})

/** One worker: checkouts, payments, a webhook endpoint, a clock advance of its own length. */
async function work(n: number) {
  const account: TestAccount = await createTestAccount({ baseUrl: serve.api, key: ADMIN_KEY, seed: 'demo' })
  const { client, shop } = account
  const receiver = await startTestReceiver()
  try {
    await client.emulator.webhooks.create({ url: receiver.url, events: ['order:paid', 'subscription:renewed'] })
    const products = (await client.products.list({ limit: 100 })).products
    const subscription = products.find((p) => p.type === 'Subscription')!
    const service = products.find((p) => p.type === 'Service')!
    const orders: string[] = []
    for (const productId of [subscription.id, service.id]) {
      const { order } = await client.storefront.checkout(shop.slug, {
        email: `worker${n}@example.com`,
        items: [{ productId, quantity: 1 }],
      })
      await client.emulator.payOrder(order.id)
      orders.push(order.id)
    }
    // Worker n moves its clock by its own number of months past the trial: n + 1 renewals.
    const days = 7 + 30 * (n + 1) + 1
    const renewal = client.emulator.events.waitFor('subscription:renewed', undefined, {
      timeout: scaled(15_000),
      since: 0,
    })
    const clock = await client.emulator.advanceClock(days * DAY)
    await renewal
    const paidHooks = 2
    const renewals = clock.due?.renewed ?? 0
    const hooks = await receiver.waitFor(paidHooks + renewals, 15_000)
    return { n, account, orders, clock, renewals, hooks, days }
  } finally {
    await receiver.close()
  }
}

describe('eight workers on one store serve, an account each', () => {
  it('run checkouts, payments, webhooks and clock advances with no cross-talk', async () => {
    const results = await Promise.all(Array.from({ length: WORKERS }, (_, n) => work(n)))
    const shopIds = new Set(results.map((r) => r.account.shop.id))
    expect(shopIds.size).toBe(WORKERS)
    const check = async (r: (typeof results)[number]) => {
      const { client, shop } = r.account
      // Its own clock only: exactly its own advance.
      expect((await client.emulator.getClock()).offsetSeconds).toBe(r.days * DAY)
      expect(r.renewals).toBeGreaterThanOrEqual(r.n + 1)
      // Its own orders only: the demo seed's, the two it paid and the renewals of its own subscription.
      const orders = (await client.orders.list({ limit: 100 })).orders
      expect(orders).toHaveLength(DEMO_ORDERS.length + 2 + r.renewals)
      for (const id of r.orders) expect(orders.map((o) => o.id)).toContain(id)
      const emails = new Set(orders.map((o) => o.customerEmail))
      expect(emails).toEqual(new Set([...DEMO_ORDERS.map((o) => o.customerEmail), `worker${r.n}@example.com`]))
      // Its own webhooks only: every delivery names its shop's orders and subscriptions.
      const payloads = r.hooks.map((h) => h.json() as { event: string; data: Record<string, unknown> })
      expect(payloads.filter((p) => p.event === 'order:paid')).toHaveLength(2)
      expect(payloads.filter((p) => p.event === 'subscription:renewed')).toHaveLength(r.renewals)
      for (const p of payloads) expect(p.data.customer_email).toBe(`worker${r.n}@example.com`)
      // Its own event log only.
      const events: string[] = []
      for await (const event of client.emulator.events({ since: 0, signal: AbortSignal.timeout(1_000) })) {
        expect(event.shopId).toBe(shop.id)
        events.push(event.event)
      }
      expect(events).toContain('subscription:renewed')
    }
    await Promise.all(results.map(check))
    await Promise.all(results.map((r) => r.account.remove()))
  })
})
