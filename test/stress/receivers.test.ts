import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookDelivery } from '../../src/contract/webhooks.js'
import { E2E_KEY, call, ensureBuilt, startServe, tmpFolder, type ServeProcess } from '../e2e/serve-process.js'
import { misbehavingReceiver, type MisbehavingReceiver } from '../reliability/helpers.js'
import { memoryOf } from './helpers.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * Misbehaving receivers, in real time against `store serve`: a webhook endpoint and a
 * Dynamic Webhook URL that never answer are given up after the documented 15 s (not sooner, not
 * much later), the webhook is retried 1 s later; meanwhile endpoints answering 50 MB bodies are
 * read only as far as the emulator keeps, so its peak memory hardly moves, and the API keeps
 * answering at once throughout. (test/reliability/receivers.test.ts covers every misbehaviour
 * in-process with a short timeout.)
 */

const HUGE = 50 * 1024 * 1024
/** Peak resident memory the huge answers may add to store serve: less than one of them read whole (its bytes and its text). */
const MAX_PEAK_GROWTH = 50 * 1024 * 1024

const { dir, remove } = tmpFolder('store-receivers-')
let server: ServeProcess | undefined
const receivers: MisbehavingReceiver[] = []
beforeAll(() => ensureBuilt(), 120_000)
afterAll(async () => {
  await server?.stop('SIGKILL')
  await Promise.all(receivers.map((r) => r.close()))
  remove()
})

async function json<T = any>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res
  const text = await answer.text()
  if (answer.status !== status) throw new Error(`${answer.url} answered ${answer.status}: ${text}`)
  return JSON.parse(text) as T
}

describe('store serve with receivers that hang or flood', () => {
  it(
    'times out at 15 s, retries the webhook after 1 s, reads no huge body whole, and keeps serving',
    async () => {
      const s = (server = await startServe([
        '--port',
        '0',
        '--db',
        join(dir, 'db.json'),
        '--api-key',
        E2E_KEY,
        '--seed',
        'demo',
        '--quiet',
      ]))
      const hanging = await misbehavingReceiver(() => ({ kind: 'hang' }))
      const flooding = await misbehavingReceiver(() => ({ kind: 'huge', bytes: HUGE, status: 500 }))
      const floodingChunked = await misbehavingReceiver(() => ({ kind: 'huge', bytes: HUGE, chunked: true }))
      receivers.push(hanging, flooding, floodingChunked)

      // Webhooks: one endpoint hangs, one answers 500 with 50 MB (retried 5 times: 50 MB offered each time).
      const hook = await json<{ id: string }>(
        call(s.origin, '/_emulator/webhooks', {
          method: 'POST',
          json: { url: `${hanging.url}/hook`, events: ['product:created'] },
        }),
        201,
      )
      const flood = await json<{ id: string }>(
        call(s.origin, '/_emulator/webhooks', {
          method: 'POST',
          json: { url: `${flooding.url}/hook`, events: ['product:created'] },
        }),
        201,
      )
      // Dynamic: the demo product's URL hangs; a second Dynamic product's URL answers 50 MB.
      await json(
        call(s.origin, '/_emulator/products/prod_demo_dynamic/fulfilment', {
          method: 'PUT',
          json: { dynamicWebhookUrl: `${hanging.url}/deliver` },
        }),
      )
      const big = await json<{ id: string; productId: string }>(
        call(s.api, '/products', {
          method: 'POST',
          json: { name: 'Big answer', type: 'Dynamic', price: 1, status: 'Live' },
        }),
        201,
      )
      await json(
        call(s.origin, `/_emulator/products/${big.id}/fulfilment`, {
          method: 'PUT',
          json: { dynamicWebhookUrl: `${floodingChunked.url}/deliver` },
        }),
      )
      const order = async (productId: string) =>
        (
          await json<{ order: { id: string } }>(
            fetch(`${s.origin}/storefront/demo/checkout`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ items: [{ productId }], email: 'slow@example.com' }),
            }),
            201,
          )
        ).order
      const slowOrder = await order('rec_demoDynamic01')
      const bigOrder = await order(big.productId)
      const before = await memoryOf(s.pid)

      // The product:created that goes to both endpoints is the one created above ("Big answer"): wait for its attempts.
      await hanging.waitFor(1)
      const started = performance.now()
      const paying = json<{ items: { delivery: { status: string; reason: string } }[] }>(
        call(s.origin, `/_emulator/orders/${slowOrder.id}/pay`, { method: 'POST' }),
      )
      const bigPaid = await json<{ items: { delivery: { status: string; reason: string } }[] }>(
        call(s.origin, `/_emulator/orders/${bigOrder.id}/pay`, { method: 'POST' }),
      )
      expect(bigPaid.items[0].delivery).toMatchObject({
        status: 'undelivered',
        reason: expect.stringMatching(/^the Dynamic Webhook URL answered 200 with more than 65536 bytes/),
      })

      // While the hanging POSTs wait out their 15 s, the API answers at once.
      const timings: number[] = []
      let settled = false
      void paying.finally(() => (settled = true))
      for (let i = 0; !settled; i++) {
        const t = performance.now()
        const res =
          i % 2 ? await call(s.api, '/products?limit=20') : await call(s.origin, '/_emulator/webhooks/logs?limit=20')
        expect(res.status).toBe(200)
        await res.arrayBuffer()
        timings.push(performance.now() - t)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const paid = await paying
      const payMs = performance.now() - started
      expect(payMs).toBeGreaterThanOrEqual(14_900)
      expect(payMs).toBeLessThan(17_000)
      expect(paid.items[0].delivery).toMatchObject({
        status: 'undelivered',
        reason: expect.stringMatching(/^the Dynamic Webhook URL did not answer within 15 s; then retry with POST/),
      })
      expect(timings.length).toBeGreaterThan(50)
      expect(Math.max(...timings)).toBeLessThan(500)

      // The webhook: first attempt given up at 15 s, logged, the second one sent 1 s later.
      await hanging.waitFor(3, 5_000)
      const logs = await json<{ deliveries: { id: string; webhookId: string }[] }>(
        call(s.origin, '/_emulator/webhooks/logs?limit=100'),
      )
      const hung = await json<WebhookDelivery>(
        call(s.origin, `/_emulator/webhooks/logs/${logs.deliveries.find((d) => d.webhookId === hook.id)!.id}`),
      )
      expect(hung).toMatchObject({ state: 'retrying', maxAttempts: 5, responseStatus: null })
      expect(hung.attempts[0]).toMatchObject({ attempt: 1, status: null, error: 'timed out after 15000 ms' })
      expect(hung.attempts[0].durationMs).toBeGreaterThanOrEqual(14_900)
      expect(hung.attempts[0].durationMs).toBeLessThan(16_000)
      const secondAt = hanging.exchanges.filter((x) => x.path === '/hook')
      expect(secondAt).toHaveLength(2)

      // The flooding endpoint: every attempt logged with its status and a truncated body, none read whole.
      const flooded = await json<WebhookDelivery>(
        call(s.origin, `/_emulator/webhooks/logs/${logs.deliveries.find((d) => d.webhookId === flood.id)!.id}`),
      )
      expect(flooded.attempts.length).toBeGreaterThanOrEqual(4)
      for (const attempt of flooded.attempts) expect(attempt).toMatchObject({ status: 500, responseTruncated: true })
      for (const x of [...flooding.exchanges, ...floodingChunked.exchanges]) expect(x.finished).toBe(false)
      const after = await memoryOf(s.pid)
      if (before && after) {
        console.log(
          `store serve memory: peak ${mb(before.peak)} before, ${mb(after.peak)} after ${flooding.exchanges.length + floodingChunked.exchanges.length} answers of 50 MB (rss ${mb(after.rss)})`,
        )
        expect(after.peak - before.peak).toBeLessThan(MAX_PEAK_GROWTH)
      }
      expect(await s.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    },
    scaled(60_000),
  )
})

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
