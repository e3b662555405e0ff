import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ProductEventDataSchema, WebhookBodySchema, validateWebhookPayload } from '../../../src/contract/events.js'
import { WebhookDeliverySchema, WebhookSchema } from '../../../src/contract/webhooks.js'
import { startTestReceiver, type TestReceiver } from '../../helpers/receiver.js'
import { eventsEmulator } from './helpers.js'

const receivers: TestReceiver[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()))
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
async function receiver(...args: Parameters<typeof startTestReceiver>) {
  const r = await startTestReceiver(...args)
  receivers.push(r)
  return r
}

/** Headers Node's fetch adds on its own: transport, not the sender's. */
const TRANSPORT_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'accept',
  'accept-language',
  'accept-encoding',
  'sec-fetch-mode',
])

describe('webhook delivery', () => {
  it('POSTs a subscribed event with exactly the spec headers and body', async () => {
    const rx = await receiver()
    const emu = await eventsEmulator()
    const hook = WebhookSchema.parse(
      await emu.json('/_emulator/webhooks', {
        method: 'POST',
        json: { url: `${rx.url}/hooks`, events: ['product:created'] },
      }),
    )
    const res = await emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'Sticker', price: 2.5, type: 'Physical', stock: 100 },
    })
    const product = (await res.json()) as { id: string; productId: string }
    const [req] = await rx.waitFor(1)
    await emu.idle()

    expect(req.method).toBe('POST')
    expect(req.path).toBe('/hooks')
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.headers['user-agent']).toBe('Service-Webhook/1.0')
    const extra = Object.keys(req.headers).filter(
      (h) => h !== 'content-type' && h !== 'user-agent' && !TRANSPORT_HEADERS.has(h),
    )
    expect(extra).toEqual([])

    const body = WebhookBodySchema.parse(req.json())
    expect(Object.keys(body)).toEqual(['event', 'data', 'timestamp', 'source'])
    expect(body).toMatchObject({ event: 'product:created', source: 'service', timestamp: '2026-06-01T12:00:00.000Z' })
    const data = ProductEventDataSchema.parse(body.data)
    expect(data).toMatchObject({
      id: product.id,
      uniqid: product.productId,
      title: 'Sticker',
      price: 2.5,
      price_display: '$2.50',
      stock: 100,
      product_type: 'PHYSICAL',
      created_at: 1780315200,
    })
    expect(validateWebhookPayload(body).problems).toEqual([])

    const [logged] = await emu.deliveries()
    expect(logged).toMatchObject({
      webhookId: hook.id,
      event: 'product:created',
      url: `${rx.url}/hooks`,
      state: 'delivered',
      responseStatus: 200,
      retryCount: 0,
      origin: 'event',
    })
    const detail = WebhookDeliverySchema.parse(await emu.delivery(logged.id))
    expect(detail.payload).toBe(req.body)
    expect(detail.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: 200,
        error: null,
        responseBody: '{"ok":true}',
        responseTruncated: false,
      }),
    ])
  })

  it('sends nothing to endpoints not subscribed to the kind, and one POST per subscribed endpoint', async () => {
    const a = await receiver()
    const b = await receiver()
    const emu = await eventsEmulator()
    await emu.addWebhook(a.url, ['product:created', 'product:edited'])
    await emu.addWebhook(b.url, ['order:paid'])
    await emu.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 2.5, type: 'Physical' } })
    await emu.idle()
    expect(a.requests.map((r) => (r.json() as { event: string }).event)).toEqual(['product:created'])
    expect(b.requests).toEqual([])
  })

  it('retries a 500 with exponential backoff and stops at the first 2xx, logging every attempt', async () => {
    const rx = await receiver((n) => (n < 2 ? { status: 500, body: `boom ${n}` } : { status: 204 }))
    const emu = await eventsEmulator()
    await emu.addWebhook(rx.url, ['product:created'])
    await emu.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 2.5, type: 'Physical' } })
    await rx.waitFor(3)
    await emu.idle()
    expect(rx.requests).toHaveLength(3)
    expect(new Set(rx.requests.map((r) => r.body)).size).toBe(1)
    expect(emu.sleeps).toEqual([1000, 2000])
    const [logged] = await emu.deliveries()
    expect(logged).toMatchObject({ state: 'delivered', responseStatus: 204, retryCount: 2, nextAttemptAt: null })
    const detail = await emu.delivery(logged.id)
    expect(detail.attempts.map((a) => [a.attempt, a.status, a.responseBody])).toEqual([
      [1, 500, 'boom 0'],
      [2, 500, 'boom 1'],
      [3, 204, ''],
    ])
  })

  it('gives up after 5 attempts (waits 1, 2, 4, 8 s) and marks the delivery failed', async () => {
    const rx = await receiver(() => ({ status: 503, body: 'down' }))
    const emu = await eventsEmulator()
    await emu.addWebhook(rx.url, ['product:created'])
    await emu.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 2.5, type: 'Physical' } })
    await rx.waitFor(5)
    await emu.idle()
    expect(rx.requests).toHaveLength(5)
    expect(emu.sleeps).toEqual([1000, 2000, 4000, 8000])
    const [logged] = await emu.deliveries()
    expect(logged).toMatchObject({
      state: 'failed',
      responseStatus: 503,
      retryCount: 4,
      maxAttempts: 5,
      nextAttemptAt: null,
    })
  })

  it('times out a receiver that never answers, logs it and retries', async () => {
    const rx = await receiver((n) => (n === 0 ? 'hang' : { status: 200 }))
    const emu = await eventsEmulator({ webhooks: { timeoutMs: 400 } })
    await emu.addWebhook(rx.url, ['product:created'])
    await emu.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 2.5, type: 'Physical' } })
    await rx.waitFor(2)
    await emu.idle()
    const detail = await emu.delivery((await emu.deliveries())[0].id)
    expect(detail.attempts[0]).toMatchObject({ attempt: 1, status: null, error: 'timed out after 400 ms' })
    expect(detail.attempts[0].durationMs).toBeGreaterThanOrEqual(390)
    expect(detail).toMatchObject({ state: 'delivered', retryCount: 1 })
  })

  it('logs a refused connection as an attempt without a status', async () => {
    const rx = await receiver()
    const url = rx.url
    await rx.close()
    receivers.length = 0
    const emu = await eventsEmulator({ webhooks: { retryDelaysMs: [] } })
    await emu.addWebhook(url, ['product:created'])
    await emu.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 2.5, type: 'Physical' } })
    await emu.idle()
    const detail = await emu.delivery((await emu.deliveries())[0].id)
    expect(detail).toMatchObject({ state: 'failed', responseStatus: null, maxAttempts: 1 })
    expect(detail.attempts[0].error).toBe('connection refused (ECONNREFUSED)')
  })

  it('answers the API before a slow receiver has answered', async () => {
    const rx = await receiver(() => 'hang')
    const emu = await eventsEmulator({ webhooks: { timeoutMs: 5_000, retryDelaysMs: [] } })
    await emu.addWebhook(rx.url, ['product:created'])
    const res = await emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'Sticker', price: 2.5, type: 'Physical' },
    })
    expect(res.status).toBe(201)
    await rx.waitFor(1)
    // The receiver holds the request: the API answered anyway, and the delivery is still open.
    expect((await emu.deliveries())[0]).toMatchObject({ state: 'pending', retryCount: 0 })
    emu.services.events.stop()
    await emu.idle()
  })

  it('truncates a long response body in the log', async () => {
    const rx = await receiver(() => ({ status: 200, body: 'x'.repeat(10_000), contentType: 'text/plain' }))
    const emu = await eventsEmulator()
    await emu.addWebhook(rx.url, ['product:created'])
    await emu.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 2.5, type: 'Physical' } })
    await emu.idle()
    const detail = await emu.delivery((await emu.deliveries())[0].id)
    expect(detail.attempts[0].responseBody).toHaveLength(4096)
    expect(detail.attempts[0].responseTruncated).toBe(true)
  })

  it('resends the exact payload as a new log entry, and the simulator sends sample data', async () => {
    const rx = await receiver()
    const emu = await eventsEmulator()
    const hook = await emu.addWebhook(rx.url, ['product:created'])
    await emu.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 2.5, type: 'Physical' } })
    await emu.idle()
    const [original] = await emu.deliveries()
    const resent = await emu.request(`/_emulator/webhooks/logs/${original.id}/resend`, { method: 'POST' })
    expect(resent.status).toBe(201)
    const row = WebhookDeliverySchema.parse(await resent.json())
    expect(row).toMatchObject({
      origin: 'resend',
      resendOf: original.id,
      state: 'delivered',
      responseStatus: 200,
      event: 'product:created',
      maxAttempts: 1,
    })
    expect(rx.requests[1].body).toBe(rx.requests[0].body)

    const simulated = await emu.request(`/_emulator/webhooks/${hook.id}/simulate`, {
      method: 'POST',
      json: { event: 'subscription:renewed' },
    })
    expect(simulated.status).toBe(201)
    expect(await simulated.json()).toMatchObject({
      origin: 'simulate',
      event: 'subscription:renewed',
      state: 'delivered',
      eventId: null,
    })
    const sample = rx.requests[2].json() as { event: string; data: { shop_name: string } }
    expect(sample.event).toBe('subscription:renewed')
    expect(sample.data.shop_name).toBe('Demo Shop')
    expect(validateWebhookPayload(sample).problems).toEqual([])
    expect((await emu.deliveries()).map((d) => d.origin)).toEqual(['simulate', 'resend', 'event'])
  })

  it('resumes deliveries a stopped emulator left unsettled, at its next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-events-'))
    dirs.push(dir)
    const db = join(dir, 'store.json')
    const rx = await receiver((n) => (n === 0 ? { status: 500 } : { status: 200 }))
    const first = await eventsEmulator({ db })
    // Stopped before the commit hands the delivery over: the row is on disk, unsent.
    first.services.events.stop()
    await first.addWebhook(rx.url, ['product:created'])
    await first.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 2.5, type: 'Physical' } })
    await first.idle()
    expect(rx.requests).toHaveLength(0)
    expect((await first.deliveries())[0]).toMatchObject({ state: 'pending', retryCount: 0 })
    await first.store.close()

    const second = await eventsEmulator({ db })
    await second.idle()
    expect(rx.requests).toHaveLength(2)
    expect((await second.deliveries())[0]).toMatchObject({ state: 'delivered', retryCount: 1, responseStatus: 200 })
    await second.store.close()
  })

  it('keeps the event log, webhooks and deliveries across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-events-'))
    dirs.push(dir)
    const db = join(dir, 'store.json')
    const rx = await receiver()
    const first = await eventsEmulator({ db })
    await first.addWebhook(rx.url, ['product:created'])
    await first.request('/api/v1/products', { method: 'POST', json: { name: 'A', price: 1, type: 'Physical' } })
    await first.request('/api/v1/products', { method: 'POST', json: { name: 'B', price: 1, type: 'Physical' } })
    await first.idle()
    await first.store.close()
    const second = await eventsEmulator({ db })
    const demoId = second.services.storefront.shop('demo').id
    const logged = second.services.events.backlog(demoId, 0).filter((e) => e.kind === 'product:created')
    expect(logged.map((e) => (e.data as { title: string }).title)).toEqual(['A', 'B'])
    const last = logged[1].seq
    expect(second.services.events.lastCommittedSeq()).toBe(last)
    expect(await second.deliveries()).toHaveLength(2)
    await second.request('/api/v1/products', { method: 'POST', json: { name: 'C', price: 1, type: 'Physical' } })
    expect(second.services.events.backlog(demoId, 0).at(-1)!.seq).toBe(last + 1)
    await second.idle()
    await second.store.close()
  })
})

describe('/_emulator/webhooks', () => {
  it('lists, gets and deletes endpoints of the selected shop', async () => {
    const emu = await eventsEmulator()
    const created = await emu.request('/_emulator/webhooks', {
      method: 'POST',
      json: { url: 'https://example.com/hook', events: ['order:paid', 'order:paid'] },
    })
    expect(created.status).toBe(201)
    const hook = WebhookSchema.parse(await created.json())
    expect(hook).toEqual({
      id: hook.id,
      url: 'https://example.com/hook',
      events: ['order:paid'],
      createdAt: '2026-06-01T12:00:00.000Z',
      updatedAt: '2026-06-01T12:00:00.000Z',
    })
    expect(await emu.json('/_emulator/webhooks')).toEqual({ webhooks: [hook] })
    expect(await emu.json(`/_emulator/webhooks/${hook.id}`)).toEqual(hook)
    expect(await emu.json(`/_emulator/webhooks/${hook.id}`, { method: 'DELETE' })).toEqual({ success: true })
    const gone = await emu.request(`/_emulator/webhooks/${hook.id}`)
    expect(gone.status).toBe(404)
    expect(await gone.json()).toEqual({ error: `webhook not found: ${hook.id}` })
  })

  it.each([
    [{ url: 'https://example.com/h', events: [] }, 'events: select at least one event kind'],
    [{ url: 'https://example.com/h' }, 'events: is required'],
    [{ url: 'ftp://example.com/h', events: ['order:paid'] }, 'url: must be an http(s) URL'],
    [{ url: 'https://example.com/h', events: ['order:shipped'] }, 'events.0: must be one of'],
    [{ url: 'https://example.com/h', events: ['INVOICE.ITEM.DELIVER-DYNAMIC'] }, 'events.0: must be one of'],
    [{ url: 'https://example.com/h', events: ['order:paid'], secret: 'x' }, 'secret: is not a known field'],
  ])('refuses %j with 400', async (json, error) => {
    const emu = await eventsEmulator()
    const res = await emu.request('/_emulator/webhooks', { method: 'POST', json })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error.startsWith(error)).toBe(true)
  })

  it('keeps endpoints per shop', async () => {
    const emu = await eventsEmulator()
    await emu.request('/_emulator/shops', { method: 'POST', json: { name: 'Second', slug: 'second' } })
    await emu.addWebhook('https://example.com/a', ['order:paid'])
    expect(await emu.json('/_emulator/webhooks', { headers: { 'x-service-shop': 'second' } })).toEqual({ webhooks: [] })
    expect((await emu.json<{ webhooks: unknown[] }>('/_emulator/webhooks')).webhooks).toHaveLength(1)
  })

  it('requires the key', async () => {
    const emu = await eventsEmulator()
    const res = await emu.request('/_emulator/webhooks', { headers: { authorization: 'Bearer nope-nope-nope' } })
    expect(res.status).toBe(401)
  })
})
