import { afterEach, describe, expect, it } from 'vitest'
import { RESPONSE_BODY_LIMIT } from '../../src/emulator/services/events/delivery.js'
import { MAX_DYNAMIC_ANSWER } from '../../src/emulator/services/fulfilment/dynamic.js'
import type { WebhookDelivery } from '../../src/contract/webhooks.js'
import { responseChecker } from '../helpers/openapi.js'
import { misbehavingReceiver, receiverEmulator, type Behaviour, type MisbehavingReceiver } from './helpers.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * Misbehaving receivers: webhook endpoints and Dynamic Webhook URLs that hang, reset
 * the connection, answer slowly, stream a huge body or redirect. The emulator keeps serving,
 * times out (a short injected timeout here; test/stress/receivers.test.ts checks the real 15 s
 * against `store serve`), logs the failure, retries as documented (webhooks: 5 attempts after
 * 1, 2, 4, 8 s; Dynamic: the line stays undelivered until POST /_emulator/orders/:id/deliver),
 * never follows a redirect, and never reads more of an answer than it keeps.
 */

const TIMEOUT_MS = 400
/** The timeout as the Dynamic reasons word it, escaped for a RegExp. */
const WITHIN = `within ${String(TIMEOUT_MS / 1000).replace('.', '\\.')} s`
const HUGE = 50 * 1024 * 1024
/** What a client that stopped reading can still have had written to it: socket buffers, not the body. */
const MOST_WRITTEN_WHEN_NOT_READ = 16 * 1024 * 1024

const open: { close(): Promise<void> }[] = []
const stops: (() => void)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) stop()
  await Promise.all(open.splice(0).map((r) => r.close()))
})

async function receiver(behave: (n: number) => Behaviour): Promise<MisbehavingReceiver> {
  const r = await misbehavingReceiver(behave)
  open.push(r)
  return r
}

async function emulator(options: Parameters<typeof receiverEmulator>[0] = {}) {
  const emu = await receiverEmulator({
    webhooks: { timeoutMs: TIMEOUT_MS, ...options.webhooks },
    dynamicTimeoutMs: options.dynamicTimeoutMs ?? TIMEOUT_MS,
  })
  stops.push(emu.stop)
  return emu
}

type Emu = Awaited<ReturnType<typeof emulator>>

/** An endpoint for product:created, one product created, every attempt settled: the logged delivery. */
async function deliverOnce(emu: Emu, url: string): Promise<WebhookDelivery> {
  expect(
    (await emu.request('/_emulator/webhooks', { method: 'POST', json: { url, events: ['product:created'] } })).status,
  ).toBe(201)
  expect(
    (await emu.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 1, type: 'Digital' } }))
      .status,
  ).toBe(201)
  await emu.idle()
  const { deliveries } = await emu.json<{ deliveries: { id: string }[] }>('/_emulator/webhooks/logs')
  expect(deliveries).toHaveLength(1)
  return emu.json<WebhookDelivery>(`/_emulator/webhooks/logs/${deliveries[0].id}`)
}

const FAILING: [string, Behaviour, RegExp][] = [
  ['hangs', { kind: 'hang' }, new RegExp(`^timed out after ${TIMEOUT_MS} ms$`)],
  ['resets the connection', { kind: 'reset' }, /./],
  ['resets the connection mid-body', { kind: 'reset-mid-body' }, /./],
  [
    'sends headers, then trickles the body forever',
    { kind: 'trickle', everyMs: 20 },
    new RegExp(`^timed out after ${TIMEOUT_MS} ms$`),
  ],
  [
    'answers later than the timeout',
    { kind: 'slow', delayMs: TIMEOUT_MS * 3 },
    new RegExp(`^timed out after ${TIMEOUT_MS} ms$`),
  ],
]

describe('webhook endpoints that misbehave', () => {
  it.each(FAILING)(
    'an endpoint that %s: every attempt is logged as failed, retried after 1, 2, 4, 8 s, then failed',
    async (_case, behaviour, error) => {
      const rx = await receiver(() => behaviour)
      const emu = await emulator()
      const started = performance.now()
      const delivery = await deliverOnce(emu, rx.url)
      expect(performance.now() - started).toBeLessThan(5 * TIMEOUT_MS + 3_000)
      expect(rx.exchanges).toHaveLength(5)
      expect(emu.sleeps).toEqual([1000, 2000, 4000, 8000])
      expect(delivery).toMatchObject({
        state: 'failed',
        retryCount: 4,
        maxAttempts: 5,
        responseStatus: null,
        nextAttemptAt: null,
      })
      expect(delivery.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5])
      for (const attempt of delivery.attempts) {
        expect(attempt).toMatchObject({ status: null, error: expect.stringMatching(error), responseBody: '' })
        expect(attempt.durationMs).toBeLessThan(TIMEOUT_MS + 1_000)
      }
      // Every attempt sent the same exact payload.
      expect(new Set(rx.exchanges.map((x) => x.body)).size).toBe(1)
      expect(JSON.parse(rx.exchanges[0].body)).toMatchObject({ event: 'product:created' })
    },
  )

  it('delivers to an endpoint that answers slowly but within the timeout, at the first attempt', async () => {
    const rx = await receiver(() => ({ kind: 'slow', delayMs: 100 }))
    const emu = await emulator({ webhooks: { timeoutMs: 2_000 } })
    const delivery = await deliverOnce(emu, rx.url)
    expect(delivery).toMatchObject({ state: 'delivered', retryCount: 0, responseStatus: 200 })
    expect(delivery.attempts[0].durationMs).toBeGreaterThanOrEqual(90)
    expect(emu.sleeps).toEqual([])
  })

  it('retries a timed-out attempt and delivers at the next one that answers', async () => {
    const rx = await receiver((n) =>
      n === 0 ? { kind: 'hang' } : n === 1 ? { kind: 'reset' } : { kind: 'ok', status: 204, body: '' },
    )
    const emu = await emulator()
    const delivery = await deliverOnce(emu, rx.url)
    expect(delivery).toMatchObject({ state: 'delivered', retryCount: 2, responseStatus: 204 })
    expect(delivery.attempts.map((a) => a.status)).toEqual([null, null, 204])
    expect(emu.sleeps).toEqual([1000, 2000])
  })

  it.each([
    [200, false],
    [500, true],
  ])("reads a %s answer of 50 MB (chunked: %s) up to the log's limit, then hangs up", async (status, chunked) => {
    const rx = await receiver(() => ({ kind: 'huge', bytes: HUGE, status, chunked }))
    const emu = await emulator({ webhooks: { timeoutMs: 10_000 } })
    const delivery = await deliverOnce(emu, rx.url)
    const attempts = status === 200 ? 1 : 5
    expect(delivery).toMatchObject({ state: status === 200 ? 'delivered' : 'failed', responseStatus: status })
    expect(delivery.attempts).toHaveLength(attempts)
    for (const attempt of delivery.attempts)
      expect(attempt).toMatchObject({ status, responseTruncated: true, responseBody: 'x'.repeat(RESPONSE_BODY_LIMIT) })
    await waitUntil(() => rx.exchanges.every((x) => x.closedEarly))
    for (const x of rx.exchanges) {
      expect(x.finished).toBe(false)
      expect(x.bytesWritten).toBeLessThan(MOST_WRITTEN_WHEN_NOT_READ)
    }
  })

  it.each([301, 302, 303, 307, 308] as const)(
    'never follows a %s redirect: logged as a failed answer, retried, the target never reached',
    async (status) => {
      const target = await receiver(() => ({ kind: 'ok' }))
      const rx = await receiver(() => ({ kind: 'redirect', status, location: `${target.url}/elsewhere` }))
      const emu = await emulator()
      const delivery = await deliverOnce(emu, rx.url)
      expect(delivery).toMatchObject({ state: 'failed', responseStatus: status, retryCount: 4 })
      expect(delivery.attempts.map((a) => [a.status, a.error, a.responseBody])).toEqual(
        Array(5).fill([status, null, `moved to ${target.url}/elsewhere`]),
      )
      expect(target.exchanges).toEqual([])
    },
  )

  it('keeps answering the API at once while dozens of deliveries hang', async () => {
    const hanging = await Promise.all([0, 1, 2].map(() => receiver(() => ({ kind: 'hang' }))))
    const emu = await emulator({ webhooks: { timeoutMs: 5_000 } })
    // The first answer of each route also compiles its OpenAPI check (test/helpers/openapi.ts): a
    // cost of the test, not of the emulator, so it is paid before anything is timed.
    await responseChecker().warm([
      'GET /api/v1/products',
      'GET /_emulator/webhooks/logs',
      'POST /storefront/{shop}/checkout',
    ])
    for (const rx of hanging)
      await emu.request('/_emulator/webhooks', {
        method: 'POST',
        json: { url: rx.url, events: ['product:created', 'order:created'] },
      })
    for (let i = 0; i < 12; i++)
      expect(
        (await emu.request('/api/v1/products', { method: 'POST', json: { name: `P${i}`, price: 1, type: 'Digital' } }))
          .status,
      ).toBe(201)
    // More hanging requests than the worker sends at once (16): the rest queue, the API does not.
    await Promise.all(hanging.map((rx) => rx.waitFor(5)))
    const timings: number[] = []
    for (let i = 0; i < 30; i++) {
      const started = performance.now()
      const res =
        i % 3 === 0
          ? await emu.app.request('/storefront/demo/checkout', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ items: [{ productId: 'rec_demoDigital01' }], email: `b${i}@example.com` }),
            })
          : await emu.request(i % 3 === 1 ? '/api/v1/products?limit=5' : '/_emulator/webhooks/logs?limit=50')
      expect(res.status).toBeLessThan(300)
      timings.push(performance.now() - started)
    }
    expect(Math.max(...timings)).toBeLessThan(250)
    const { deliveries } = await emu.json<{ deliveries: { state: string }[] }>('/_emulator/webhooks/logs?limit=100')
    expect(deliveries.length).toBeGreaterThanOrEqual(36)
    expect(deliveries.every((d) => d.state === 'pending')).toBe(true)
  })
})

async function waitUntil(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = performance.now() + scaled(timeoutMs)
  while (!check()) {
    if (performance.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A Dynamic product pointed at `url`, bought: the order, not yet paid. */
async function dynamicOrder(emu: Emu, url: string): Promise<{ id: string; orderNumber: string }> {
  expect(
    (
      await emu.request('/_emulator/products/prod_demo_dynamic/fulfilment', {
        method: 'PUT',
        json: { dynamicWebhookUrl: url },
      })
    ).status,
  ).toBe(200)
  const res = await emu.app.request('/storefront/demo/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ productId: 'rec_demoDynamic01' }], email: 'dyn@example.com' }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { order: { id: string; orderNumber: string } }).order
}

interface Line {
  delivery: { status: string; reason: string | null; attempts?: number; dynamic?: { status: number; content: unknown } }
}

const DYNAMIC_FAILING: [string, Behaviour, RegExp][] = [
  ['hangs', { kind: 'hang' }, new RegExp(`^the Dynamic Webhook URL did not answer ${WITHIN}; then retry with POST`)],
  ['resets the connection', { kind: 'reset' }, /^the Dynamic Webhook URL could not be reached \(.+\); then retry/],
  [
    'resets the connection mid-body',
    { kind: 'reset-mid-body' },
    /^the answer of the Dynamic Webhook URL could not be read \(.+\); then retry/,
  ],
  [
    'trickles its body forever',
    { kind: 'trickle', everyMs: 20 },
    new RegExp(`^the Dynamic Webhook URL did not finish its answer ${WITHIN}; then retry`),
  ],
  [
    'answers later than the timeout',
    { kind: 'slow', delayMs: TIMEOUT_MS * 3 },
    new RegExp(`^the Dynamic Webhook URL did not answer ${WITHIN}; then retry`),
  ],
  [
    'redirects (302)',
    { kind: 'redirect', status: 302, location: 'http://127.0.0.1:9/elsewhere' },
    /^the Dynamic Webhook URL answered 302: moved to http:\/\/127\.0\.0\.1:9\/elsewhere; then retry/,
  ],
  [
    'redirects (307)',
    { kind: 'redirect', status: 307, location: 'http://127.0.0.1:9/elsewhere' },
    /^the Dynamic Webhook URL answered 307: moved to/,
  ],
]

describe('Dynamic Webhook URLs that misbehave', () => {
  it.each(DYNAMIC_FAILING)(
    'a URL that %s: the line stays undelivered with the reason, and POST …/deliver retries it',
    async (_case, behaviour, reason) => {
      const rx = await receiver((n) => (n === 0 ? behaviour : { kind: 'ok', body: 'your account: ada / hunter2' }))
      const emu = await emulator()
      const order = await dynamicOrder(emu, rx.url)
      const started = performance.now()
      const pay = await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
      expect(pay.status).toBe(200)
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 2_000)
      const paid = (await pay.json()) as { status: string; items: Line[] }
      expect(paid.items[0].delivery).toMatchObject({
        status: 'undelivered',
        attempts: 1,
        reason: expect.stringMatching(reason),
      })
      expect(rx.exchanges).toHaveLength(1)

      const retried = (
        await emu.json<{ items: Line[] }>(`/_emulator/orders/${order.orderNumber}/deliver`, { method: 'POST' })
      ).items[0]
      expect(retried.delivery).toMatchObject({
        status: 'delivered',
        attempts: 2,
        dynamic: { status: 200, content: 'your account: ada / hunter2' },
      })
      expect(rx.exchanges).toHaveLength(2)
    },
  )

  it('never follows a redirect to another receiver', async () => {
    const target = await receiver(() => ({ kind: 'ok', body: 'stolen' }))
    const rx = await receiver(() => ({ kind: 'redirect', status: 308, location: target.url }))
    const emu = await emulator()
    const order = await dynamicOrder(emu, rx.url)
    const paid = await emu.json<{ items: Line[] }>(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
    expect(paid.items[0].delivery).toMatchObject({ status: 'undelivered', dynamic: { status: 308 } })
    expect(target.exchanges).toEqual([])
  })

  it('delivers from a URL that answers slowly but within the timeout', async () => {
    const rx = await receiver(() => ({ kind: 'slow', delayMs: 100, body: 'late but here' }))
    const emu = await emulator({ dynamicTimeoutMs: 2_000 })
    const order = await dynamicOrder(emu, rx.url)
    const paid = await emu.json<{ items: Line[] }>(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
    expect(paid.items[0].delivery).toMatchObject({ status: 'delivered', dynamic: { content: 'late but here' } })
  })

  it.each([
    [200, false],
    [500, false],
    [200, true],
  ])(
    'refuses a %s answer of 50 MB (chunked: %s) after reading at most just past the limit',
    async (status, chunked) => {
      const rx = await receiver(() => ({ kind: 'huge', bytes: HUGE, status, chunked }))
      // A long timeout: the answer is refused for its size, not cut by the clock.
      const emu = await emulator({ dynamicTimeoutMs: 10_000 })
      const order = await dynamicOrder(emu, rx.url)
      const started = performance.now()
      const paid = await emu.json<{ items: Line[] }>(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
      expect(performance.now() - started).toBeLessThan(5_000)
      expect(paid.items[0].delivery).toMatchObject({
        status: 'undelivered',
        reason: expect.stringMatching(
          new RegExp(
            `^the Dynamic Webhook URL answered ${status} with more than ${MAX_DYNAMIC_ANSWER} bytes; then retry`,
          ),
        ),
      })
      await waitUntil(() => rx.exchanges[0].closedEarly)
      expect(rx.exchanges[0].finished).toBe(false)
      expect(rx.exchanges[0].bytesWritten).toBeLessThan(MOST_WRITTEN_WHEN_NOT_READ)
    },
  )

  it('keeps answering other requests while a payment waits on a hanging URL', async () => {
    const rx = await receiver(() => ({ kind: 'hang' }))
    const emu = await emulator({ dynamicTimeoutMs: 600 })
    const order = await dynamicOrder(emu, rx.url)
    const started = performance.now()
    const paying = emu.json<{ items: Line[] }>(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
    await rx.waitFor(1)
    const timings: number[] = []
    for (let i = 0; i < 20; i++) {
      const t = performance.now()
      const res =
        i % 2
          ? await emu.app.request('/storefront/demo/checkout', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ items: [{ productId: 'rec_demoDigital01' }], email: `b${i}@example.com` }),
            })
          : await emu.request(`/api/v1/orders/${order.id}`)
      expect(res.status).toBeLessThan(300)
      timings.push(performance.now() - t)
    }
    expect(Math.max(...timings)).toBeLessThan(250)
    // Paying again while the POST is under way sends nothing twice.
    const again = await emu.json<{ items: Line[] }>(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
    expect(again.items[0].delivery.status).toBe('undelivered')
    const paid = await paying
    expect(performance.now() - started).toBeGreaterThanOrEqual(550)
    expect(paid.items[0].delivery).toMatchObject({
      status: 'undelivered',
      reason: expect.stringMatching(/did not answer within 0\.6 s/),
    })
    expect(rx.exchanges).toHaveLength(1)
  })
})
