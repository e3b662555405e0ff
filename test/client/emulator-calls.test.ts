// The client's control-API, storefront and event-stream calls on the real emulator app, in process.
import { describe, expect, it } from 'vitest'
import { StoreClient, type EventStreamStatus } from '../../src/client/index.js'
import type { EmittedEvent } from '../../src/contract/webhooks.js'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'

type Fetch = typeof fetch

async function setup(o: { seed?: 'demo' | 'empty'; wrap?: (inner: Fetch) => Fetch; receiver?: Fetch } = {}) {
  const emu = await testEmulator({ seed: o.seed ?? 'demo', fetch: o.receiver })
  const inner: Fetch = (url, init) => Promise.resolve(emu.app.request(url as string, init))
  const client = new StoreClient({
    baseUrl: 'http://emulator.test/api/v1',
    apiKey: TEST_KEY,
    fetch: o.wrap ? o.wrap(inner) : inner,
    sleep: async () => undefined,
  })
  return { emu, client }
}

describe('client.storefront', () => {
  it('reads an invoice and its codes by ORD- number as by id', async () => {
    const { client } = await setup()
    const byId = await client.storefront.invoice('demo', 'ord_demo_1')
    expect(await client.storefront.invoice('demo', 'ORD-1')).toEqual(byId)
    expect(await client.storefront.invoice('demo', 'ord-1')).toEqual(byId)
    expect(await client.storefront.codes('demo', 'ORD-1')).toBe(await client.storefront.codes('demo', 'ord_demo_1'))
    await expect(client.storefront.invoice('demo', 'ORD-999')).rejects.toMatchObject({ status: 404 })
  })

  it('reads a group, sends a query the merchant answers, and leaves feedback on a paid order', async () => {
    const { client } = await setup()
    expect(await client.storefront.getGroup('demo', 'grp_demo_bundle')).toMatchObject({
      id: 'grp_demo_bundle',
      products: [
        expect.objectContaining({ id: 'prod_demo_serial' }),
        expect.objectContaining({ id: 'prod_demo_mystery' }),
      ],
    })
    const query = await client.storefront.sendQuery('demo', {
      email: 'Buyer@Example.com',
      subject: 'Where is my key?',
      message: 'Hello',
    })
    expect(query).toMatchObject({ customerEmail: 'buyer@example.com', status: 'open' })
    expect((await client.emulator.listQueries()).queries.map((q) => q.id)).toContain(query.id)
    expect(await client.emulator.getQuery(query.id)).toEqual(query)
    expect(await client.emulator.replyToQuery(query.id, 'Sent again')).toMatchObject({ status: 'answered' })
    const feedback = await client.storefront.leaveFeedback('demo', 'ORD-1', { rating: 5, comment: 'Great' })
    expect(feedback).toMatchObject({ orderNumber: 'ORD-1', rating: 5, comment: 'Great' })
    expect((await client.emulator.listFeedback()).feedback).toEqual([feedback])
  })
})

describe('client.emulator.webhooks', () => {
  it('adds an endpoint, simulates, reads the log, resends and deletes', async () => {
    const received: string[] = []
    const receiver: Fetch = async (_url, init) => {
      received.push(JSON.parse(String(init?.body)).event)
      return new Response('ok', { status: 200 })
    }
    const { client } = await setup({ receiver })
    const hook = await client.emulator.webhooks.create({ url: 'http://hooks.test/in', events: ['order:paid'] })
    expect(await client.emulator.webhooks.get(hook.id)).toEqual(hook)
    expect((await client.emulator.webhooks.list()).webhooks).toEqual([hook])
    const simulated = await client.emulator.webhooks.simulate(hook.id, 'query:created')
    expect(simulated).toMatchObject({ event: 'query:created', state: 'delivered', origin: 'simulate' })
    const { deliveries } = await client.emulator.webhooks.logs({ state: 'delivered' })
    expect(deliveries.map((d) => d.id)).toEqual([simulated.id])
    expect((await client.emulator.webhooks.log(simulated.id)).attempts).toHaveLength(1)
    const resent = await client.emulator.webhooks.resend(simulated.id)
    expect(resent).toMatchObject({ origin: 'resend', resendOf: simulated.id, payload: simulated.payload })
    expect(received).toEqual(['query:created', 'query:created'])
    expect(await client.emulator.webhooks.delete(hook.id)).toEqual({ success: true })
    await expect(client.emulator.webhooks.get(hook.id)).rejects.toMatchObject({ status: 404 })
  })
})

describe('client.emulator.events()', () => {
  it('resumes after a dropped stream with Last-Event-ID, seeing every event once', async () => {
    const lastEventIds: (string | null)[] = []
    let streams = 0
    // The first stream is cut after its first event, as a restarting emulator would cut it.
    const wrap =
      (inner: Fetch): Fetch =>
      async (url, init) => {
        const res = await inner(url, init)
        if (!String(url).includes('/_emulator/events')) return res
        lastEventIds.push(new Headers(init?.headers).get('last-event-id'))
        if (++streams > 1) return res
        const reader = res.body!.getReader()
        let seen = ''
        const cut = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { done, value } = await reader.read()
            if (done) return controller.close()
            controller.enqueue(value)
            seen += new TextDecoder().decode(value)
            if (/^id: \d+$/m.test(seen) && seen.endsWith('\n\n')) {
              await reader.cancel()
              controller.close()
            }
          },
        })
        return new Response(cut, { status: res.status, headers: res.headers })
      }
    const { client } = await setup({ seed: 'empty', wrap })
    await client.products.create({ name: 'A', price: 1, type: 'Service' })
    await client.products.create({ name: 'B', price: 1, type: 'Service' })
    const statuses: EventStreamStatus[] = []
    const seen: EmittedEvent[] = []
    for await (const event of client.emulator.events({
      events: ['product:created'],
      since: 0,
      reconnectDelaysMs: [0],
      onStatus: (s) => statuses.push(s),
    })) {
      seen.push(event)
      if (seen.length === 2) break
    }
    expect(seen.map((e) => [e.event, e.data.title])).toEqual([
      ['product:created', 'A'],
      ['product:created', 'B'],
    ])
    expect(lastEventIds).toEqual(['0', String(seen[0].sequence)])
    expect(statuses).toEqual([
      { state: 'connected', reconnected: false, resumedAfter: '0' },
      { state: 'reconnecting', reason: 'the stream ended (the emulator stopped?)', inMs: 0 },
      { state: 'connected', reconnected: true, resumedAfter: String(seen[0].sequence) },
    ])
  })

  it('throws the refusal of a bad key instead of reconnecting', async () => {
    const { emu } = await setup()
    const client = new StoreClient({
      baseUrl: 'http://emulator.test/api/v1',
      apiKey: 'sk_live_not_a_key_at_all_0000',
      fetch: (url, init) => Promise.resolve(emu.app.request(url as string, init)),
    })
    await expect(client.emulator.events().next()).rejects.toMatchObject({ status: 401 })
  })
})

describe('per-call signal', () => {
  it('aborts a call and its retries: StoreError status 0, one attempt', async () => {
    let attempts = 0
    const client = new StoreClient({
      baseUrl: 'http://emulator.test/api/v1',
      apiKey: TEST_KEY,
      sleep: async () => undefined,
      fetch: (_url, init) => {
        attempts++
        return new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true }),
        )
      },
    })
    const stop = new AbortController()
    const call = client.products.list({}, { signal: stop.signal })
    stop.abort()
    await expect(call).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/the request was aborted$/) })
    expect(attempts).toBe(1)
  })
})
